import { User, type NewEvent } from '@drinks/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getShopStatus } from './shop.js';
import { BACKENDS, harness, type Harness } from './test-support/harness.js';
import { getUser, listUsers } from './users.js';

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
      { id: 'u2', email: 'zed@woxa.tech', name: 'Zedd', role: 'user', isAvailable: false },
      { id: 'u1', email: 'amy@woxa.tech', name: 'Amy', role: 'barista', isAvailable: true },
    ]);
    for (const u of users) expect(User.parse(u)).toEqual(u);
    expect(await getUser(h.knex, 'u1')).toEqual(users[1]);
    expect(await getUser(h.knex, 'nobody')).toBeNull();
    await h.given({ type: 'UserAvailabilityChanged', tags: [], data: { userId: 'u2', isAvailable: true } });
    expect((await getUser(h.knex, 'u2'))?.isAvailable).toBe(true);
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
function shop(isCafeOpen: boolean, isBarOpen: boolean): NewEvent {
  return { type: 'ShopStatusChanged', tags: [], data: { isCafeOpen, isBarOpen } };
}
