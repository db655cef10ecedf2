import { AuditPage, tag, type NewEvent } from '@drinks/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from './audit-queries.js';
import { AUDIT_TABLE, auditProjection } from './audit.js';
import { BACKENDS, ev, harness, TZ, type Harness } from './test-harness.spec.js';

describe.each(BACKENDS)('audit projection on %s', (backend) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(backend, { log: 'sql' });
    await given(
      '2025-03-03T01:00:00.000Z',
      undefined,
      registered('adm', 'Ada', 'admin'),
      registered('u1', 'Ann', 'user'),
    );
    await given('2025-03-03T01:30:00.000Z', 'adm', {
      type: 'UserRoleChanged',
      tags: [tag.user('u1')],
      data: { userId: 'u1', role: 'barista' },
    });
    await given('2025-03-03T02:00:00.000Z', 'adm', {
      type: 'ShopStatusChanged',
      tags: [tag.shop],
      data: { isCafeOpen: false, isBarOpen: true },
    });
    await given('2025-03-03T02:10:00.000Z', 'adm', {
      type: 'MenuCreated',
      tags: [tag.menu('m1'), tag.category('c1')],
      data: { menuId: 'm1', name: 'Latte', description: '-', categoryId: 'c1' },
    });
    await given('2025-03-03T02:20:00.000Z', 'u1', {
      ...ev.placed({ orderId: 'o1', userId: 'u1', userName: 'Ann', menuId: 'm1' }),
      tags: ORDER_TAGS,
    });
    await given('2025-03-03T02:30:00.000Z', 'adm', {
      type: 'OrderRejected',
      tags: ORDER_TAGS,
      data: { orderId: 'o1', userId: 'u1', businessDay: '2025-03-03', by: 'adm', reason: 'Out of stock' },
    });
    await given('2025-03-03T02:40:00.000Z', 'adm', {
      type: 'MenuActivityChanged',
      tags: [tag.menu('m1')],
      data: { menuId: 'm1', isActive: 'inactive' },
    });
  });
  afterEach(async () => {
    await h.cleanup();
  });

  async function given(at: string, actor: string | undefined, ...events: NewEvent[]) {
    h.at(at);
    for (const e of events) await h.store.append([e], actor ? { metadata: { actor } } : {});
    await h.projector.catchUp();
  }
  const dump = () => h.knex(AUDIT_TABLE).orderBy('position');

  it('lists every event newest first, with actor, summary and entities', async () => {
    const page = await listAudit(h.knex, { limit: 100 });
    expect(AuditPage.parse(page)).toEqual(page);
    expect(page.nextBefore).toBeNull();
    expect(page.items.map((i) => [i.position, i.type, i.actor?.name ?? null, i.summary])).toEqual([
      [8, 'MenuActivityChanged', 'Ada', 'Menu set inactive'],
      [7, 'OrderRejected', 'Ada', 'Order rejected: Out of stock'],
      [6, 'OrderPlaced', 'Ann', 'Ann ordered Latte (hot, 50%)'],
      [5, 'MenuCreated', 'Ada', 'Menu Latte created'],
      [4, 'ShopStatusChanged', 'Ada', 'Cafe closed, bar open'],
      [3, 'UserRoleChanged', 'Ada', "Ann's role set to barista"],
      [2, 'UserRegistered', 'Ann', 'Ann registered as user'],
      [1, 'UserRegistered', 'Ada', 'Ada registered as admin'],
    ]);
    expect(page.items[2]).toMatchObject({ at: '2025-03-03T02:20:00.000Z', actor: { id: 'u1', name: 'Ann' } });
    expect(page.items[2]!.entities.sort()).toEqual(['menu:m1', 'order:o1', 'user:u1']);
  });

  it('filters by type, actor, entity and time, and pages with a position cursor', async () => {
    const positions = async (f: Parameters<typeof listAudit>[1]) =>
      (await listAudit(h.knex, f)).items.map((i) => i.position);
    expect(await positions({ limit: 100, types: ['UserRegistered', 'OrderPlaced'] })).toEqual([6, 2, 1]);
    expect(await positions({ limit: 100, actorId: 'u1' })).toEqual([6, 2]);
    expect(await positions({ limit: 100, entity: 'order:o1' })).toEqual([7, 6]);
    // The log tags the rejection with the order's menu too; the filter keeps to the entities listed.
    expect(await positions({ limit: 100, entity: 'menu:m1', actorId: 'adm' })).toEqual([8, 5]);
    expect(await positions({ limit: 100, entity: 'user:u1' })).toEqual([7, 6, 3, 2]);
    expect(await positions({ limit: 100, entity: 'user:u1', types: ['OrderPlaced', 'UserRoleChanged'] })).toEqual([
      6, 3,
    ]);
    expect(await positions({ limit: 100, entity: 'shop' })).toEqual([4]);
    expect(await positions({ limit: 100, entity: 'day:2025-03-03' })).toEqual([]);
    expect(await positions({ limit: 1, entity: 'user:u1', before: 7 })).toEqual([6]);
    expect(
      await positions({
        limit: 100,
        from: new Date('2025-03-03T02:00:00.000Z'),
        to: new Date('2025-03-03T02:30:00.000Z'),
      }),
    ).toEqual([6, 5, 4]);
    expect(await positions({ limit: 100, from: new Date('2025-03-03T02:05:00.000Z') })).toEqual([8, 7, 6, 5]);
    expect(await positions({ limit: 100, to: new Date('2025-03-03T01:30:00.001Z') })).toEqual([3, 2, 1]);
    expect(await positions({ limit: 100, from: new Date('2025-03-03T03:00:00.000Z') })).toEqual([]);
    expect(await positions({ limit: 100, to: new Date('2025-03-03T01:00:00.000Z') })).toEqual([]);
    expect(
      await positions({
        limit: 2,
        from: new Date('2025-03-03T01:00:00.000Z'),
        to: new Date('2025-03-03T02:21:00.000Z'),
        before: 6,
        entity: 'menu:m1',
      }),
    ).toEqual([5]);
    const first = await listAudit(h.knex, { limit: 3 });
    expect([first.items.map((i) => i.position), first.nextBefore]).toEqual([[8, 7, 6], 6]);
    const second = await listAudit(h.knex, { limit: 3, before: 6 });
    expect([second.items.map((i) => i.position), second.nextBefore]).toEqual([[5, 4, 3], 3]);
    const last = await listAudit(h.knex, { limit: 3, before: 3 });
    expect([last.items.map((i) => i.position), last.nextBefore]).toEqual([[2, 1], null]);
    expect((await listAudit(h.knex, { limit: 1_000 })).items).toHaveLength(8);
  });

  it('keeps one row per event with an actor, and no table of entities', async () => {
    expect(await dump()).toHaveLength(8);
    expect(await h.knex.schema.hasTable('rm_audit_entities')).toBe(false);
    const page = await listAudit(h.knex, { limit: 100 });
    expect(page.items.map((i) => i.entities)).toEqual([
      ['menu:m1'],
      ['order:o1', 'user:u1'],
      ['menu:m1', 'order:o1', 'user:u1'],
      ['category:c1', 'menu:m1'],
      ['shop'],
      ['user:u1'],
      ['user:u1'],
      ['user:adm'],
    ]);
  });

  it('indexes only events with an actor, and lists the others without one', async () => {
    await given('2025-03-03T03:00:00.000Z', undefined, {
      type: 'ShopStatusChanged',
      tags: [tag.shop],
      data: { isCafeOpen: true, isBarOpen: true },
    });
    expect(await dump()).toHaveLength(8);
    const [newest] = (await listAudit(h.knex, { limit: 1 })).items;
    expect(newest).toMatchObject({ position: 9, actor: null, summary: 'Cafe open, bar open' });
  });

  it('narrows the table older versions kept to an index by actor, keeping its rows', async () => {
    await h.knex.schema.dropTable(AUDIT_TABLE);
    await h.knex.schema.createTable(AUDIT_TABLE, (t) => {
      t.bigInteger('position').primary();
      t.string('at', 32).notNullable();
      t.string('type', 32).notNullable();
      t.string('actor_id', 64).nullable();
      t.text('summary').notNullable();
    });
    const old = (position: number, actor_id: string | null) => ({
      position,
      at: '2025-03-03T01:00:00.000Z',
      type: 'UserRegistered',
      actor_id,
      summary: '-',
    });
    await h.knex(AUDIT_TABLE).insert([old(1, 'adm'), old(2, null), old(3, 'adm')]);
    await auditProjection.migrate(h.knex);
    expect((await dump()).map((r) => ({ ...r, position: Number(r.position) }))).toEqual([
      { position: 1, actor_id: 'adm' },
      { position: 3, actor_id: 'adm' },
    ]);
    expect((await listAudit(h.knex, { limit: 100, actorId: 'adm' })).items.map((i) => i.position)).toEqual([3, 1]);
  });

  it('drops the entities table older versions kept', async () => {
    await h.knex.schema.createTable('rm_audit_entities', (t) => {
      t.string('id', 200).primary();
    });
    await auditProjection.migrate(h.knex);
    expect(await h.knex.schema.hasTable('rm_audit_entities')).toBe(false);
    expect(await dump()).toHaveLength(8);
  });

  it('changes nothing when the same events are applied again', async () => {
    const before = await dump();
    const log = await h.store.readAll(0, 1_000);
    await h.knex.transaction(async (trx) => {
      for (const e of log) await auditProjection.apply(e, trx, { timeZone: TZ });
    });
    expect(await dump()).toEqual(before);
  });

  it('rebuilds rows equal to the live ones', async () => {
    const before = await dump();
    await h.projector.rebuild(['audit']);
    expect(await dump()).toEqual(before);
  });
});

const ORDER_TAGS = [tag.order('o1'), tag.user('u1'), tag.day('2025-03-03'), tag.menu('m1')];

function registered(userId: string, name: string, role: 'user' | 'admin'): NewEvent {
  return {
    type: 'UserRegistered',
    tags: [tag.user(userId), `email:${userId}@woxa.tech`],
    data: { userId, email: `${userId}@woxa.tech`, name, role },
  };
}
