import { User, type NewEvent } from '@drinks/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getShopStatus } from './shop.js';
import { BACKENDS, harness, type Harness } from './test-support/harness.js';
import { findUserByMailbox, getUser, listUsers, usersProjection } from './users.js';

describe.each(BACKENDS)('users and shop projections on %s', (backend) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(backend);
  });
  afterEach(async () => {
    await h.cleanup();
  });

  it('lists users in registration order with their latest name, role and availability', async () => {
    await h.given(
      registered('u2', 'zed@woxa.tech', 'Zed'),
      registered('u1', 'amy@woxa.tech', 'Amy'),
      { type: 'UserRenamed', tags: [], data: { userId: 'u2', name: 'Zedd' } },
      { type: 'UserRoleChanged', tags: [], data: { userId: 'u1', role: 'barista' } },
      { type: 'UserAvailabilityChanged', tags: [], data: { userId: 'u2', isAvailable: false } },
    );
    const users = await listUsers(h.knex);
    expect(users).toEqual([
      { id: 'u2', email: 'zed@woxa.tech', name: 'Zedd', role: 'user', isAvailable: false, emailVerified: true },
      { id: 'u1', email: 'amy@woxa.tech', name: 'Amy', role: 'barista', isAvailable: true, emailVerified: true },
    ]);
    for (const u of users) expect(User.parse(u)).toEqual(u);
    expect(await getUser(h.knex, 'u1')).toEqual(users[1]);
    expect(await getUser(h.knex, 'nobody')).toBeNull();
    await h.given({ type: 'UserAvailabilityChanged', tags: [], data: { userId: 'u2', isAvailable: true } });
    expect((await getUser(h.knex, 'u2'))?.isAvailable).toBe(true);
  });

  it('finds the account of a mailbox under any spelling of it, and no look-alike', async () => {
    await h.given(
      registered('u1', 'first_last+tea@woxa.tech', 'First'),
      registered('u2', 'firstxlast@woxa.tech', 'Other'),
    );
    expect((await findUserByMailbox(h.knex, 'first_last@woxa.tech'))?.id).toBe('u1');
    expect((await findUserByMailbox(h.knex, 'First_Last+x@woxa.tech'))?.id).toBe('u1');
    expect((await findUserByMailbox(h.knex, 'firstxlast@woxa.tech'))?.id).toBe('u2');
    expect(await findUserByMailbox(h.knex, 'first@woxa.tech')).toBeNull();
  });

  it('keeps a self-registered account unverified until UserEmailVerified; accounts from before count as verified', async () => {
    await h.given(registered('u1', 'old@woxa.tech', 'Old'), waiting('u2', 'new+x@woxa.tech', 'New'));
    expect((await getUser(h.knex, 'u1'))?.emailVerified).toBe(true);
    expect(await getUser(h.knex, 'u2')).toMatchObject({ email: 'new+x@woxa.tech', emailVerified: false });
    await h.given(verified('u2'), { type: 'PasswordChanged', tags: [], data: { userId: 'u2', via: 'reset' } });
    expect((await getUser(h.knex, 'u2'))?.emailVerified).toBe(true);
  });

  it('counts every account of a table from before verification as verified', async () => {
    await h.knex.schema.dropTable('rm_users');
    await h.knex.schema.createTable('rm_users', (t) => {
      t.string('id', 64).primary();
      t.text('email').notNullable();
      t.text('name').notNullable();
      t.string('role', 16).notNullable();
      t.integer('is_available').notNullable();
      t.bigInteger('position').notNullable();
    });
    await h
      .knex('rm_users')
      .insert({ id: 'u9', email: 'old@woxa.tech', name: 'Old', role: 'admin', is_available: 1, position: 1 });
    await usersProjection.migrate(h.knex);
    expect(await getUser(h.knex, 'u9')).toMatchObject({ role: 'admin', emailVerified: true });
  });

  it('applies the same UserEmailVerified twice to the same row', async () => {
    await h.given(waiting('u2', 'new@woxa.tech', 'New'), verified('u2'));
    const once = await listUsers(h.knex);
    await h.given(verified('u2'));
    expect(await listUsers(h.knex)).toEqual(once);
  });

  it('rebuilds rows equal to the live ones', async () => {
    await h.given(
      registered('u1', 'old@woxa.tech', 'Old'),
      waiting('u2', 'new@woxa.tech', 'New'),
      waiting('u3', 'late@woxa.tech', 'Late'),
      verified('u2'),
      { type: 'UserRoleChanged', tags: [], data: { userId: 'u2', role: 'admin' } },
    );
    const live = await listUsers(h.knex);
    await h.projector.rebuild(['users']);
    expect(await listUsers(h.knex)).toEqual(live);
    expect(live.map((u) => u.emailVerified)).toEqual([true, true, false]);
  });

  it('reports the default shop status before any change, then the latest one', async () => {
    expect(await getShopStatus(h.knex)).toEqual({ isCafeOpen: true, isBarOpen: false });
    await h.given(shop(false, true));
    expect(await getShopStatus(h.knex)).toEqual({ isCafeOpen: false, isBarOpen: true });
    await h.given(shop(false, false));
    expect(await getShopStatus(h.knex)).toEqual({ isCafeOpen: false, isBarOpen: false });
  });
});

function registered(userId: string, email: string, name: string): NewEvent {
  return { type: 'UserRegistered', tags: [], data: { userId, email, name, role: 'user' } };
}
function waiting(userId: string, email: string, name: string): NewEvent {
  return { type: 'UserRegistered', tags: [], data: { userId, email, name, role: 'user', verificationRequired: true } };
}
function verified(userId: string): NewEvent {
  return { type: 'UserEmailVerified', tags: [], data: { userId } };
}
function shop(isCafeOpen: boolean, isBarOpen: boolean): NewEvent {
  return { type: 'ShopStatusChanged', tags: [], data: { isCafeOpen, isBarOpen } };
}
