import type { NewEvent } from '@drinks/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { BACKENDS, testDatabase, type TestDb } from '../test-support/db.js';
import { createEventStore } from './event-store.js';
import { ConcurrencyError, type EventStore } from './types.js';
import type { Upcaster } from './upcasters.js';

describe.each(BACKENDS)('the event store on %s', (kind) => {
  let db: TestDb;
  let store: EventStore;
  const extra: { close(): Promise<void> }[] = [];
  beforeEach(async () => {
    db = await testDatabase(kind);
    store = createEventStore(db);
  });
  afterEach(async () => {
    await store.close();
    for (const x of extra.splice(0)) await x.close();
    await db.cleanup();
  });

  describe('when 50 appends race on the same condition from the same read', () => {
    it('accepts exactly one and rejects 49 with ConcurrencyError', async () => {
      await store.append([renamed('u1', 'Ann')]);
      const { position } = await store.read([{ tags: ['user:u1'] }]);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          store.append([renamed('u1', `Ann ${i}`)], { condition: { query: [{ tags: ['user:u1'] }], after: position } }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(rejected).toHaveLength(49);
      for (const r of rejected) expect(r.reason).toBeInstanceOf(ConcurrencyError);
      expect(await store.head()).toBe(2);
    });
  });

  describe('when appends with non-overlapping conditions arrive together', () => {
    it('commits them all in one group', async () => {
      const heads: number[] = [];
      store.onAppended((h) => heads.push(h));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.append([renamed(`u${i}`, 'X')], { condition: { query: [{ tags: [`user:u${i}`] }], after: 0 } }),
        ),
      );
      expect(results.map((r) => r.lastPosition).sort((a, b) => a - b)).toEqual(range(1, 20));
      expect(heads).toEqual([20]);
    });

    it('checks each condition against the appends committed before it in the same group', async () => {
      const cond = { condition: { query: [{ types: ['ShopStatusChanged' as const] }], after: 0 } };
      const [first, second] = await Promise.allSettled([
        store.append([shop(true)], cond),
        store.append([shop(false)], cond),
      ]);
      expect(first.status).toBe('fulfilled');
      expect(second.status === 'rejected' && second.reason).toBeInstanceOf(ConcurrencyError);
      expect((await store.readAll(0, 10)).map((e) => e.data)).toEqual([{ isCafeOpen: true, isBarOpen: true }]);
    });
  });

  describe('when one append of a group fails in the database', () => {
    it('fails alone and the others commit', async () => {
      await db.knex('event_tags').insert({ tag: 'user:taken', type: 'UserRenamed', position: 2 });
      const [a, b, c] = await Promise.allSettled([
        store.append([renamed('a', 'A')]),
        store.append([renamed('taken', 'B')]),
        store.append([renamed('c', 'C')]),
      ]);
      expect(b.status === 'rejected' && b.reason).not.toBeInstanceOf(ConcurrencyError);
      expect([a, c].map((r) => r.status === 'fulfilled' && r.value.lastPosition)).toEqual([1, 2]);
      expect((await store.readAll(0, 10)).map((e) => e.tags)).toEqual([['user:a'], ['user:c']]);
    });

    it('rejects a condition position that is not a whole number', async () => {
      await expect(
        store.append([shop(true)], { condition: { query: [{ tags: ['shop'] }], after: Number.NaN } }),
      ).rejects.toThrow(TypeError);
    });
  });

  describe('when an idempotency key is already recorded', () => {
    it('returns the first result and appends nothing', async () => {
      const metadata = { idempotencyKey: 'k1', actor: 'u1' };
      const first = await store.append([renamed('u1', 'A'), renamed('u1', 'B')], { metadata });
      const again = await store.append([renamed('u1', 'C')], { metadata });
      const [sameGroupA, sameGroupB] = await Promise.all([
        store.append([shop(true)], { metadata: { idempotencyKey: 'k2' } }),
        store.append([shop(false)], { metadata: { idempotencyKey: 'k2' } }),
      ]);
      expect(first.duplicate).toBe(false);
      expect(again).toEqual({ ...first, duplicate: true });
      expect(again.events.map((e) => e.position)).toEqual([1, 2]);
      expect(sameGroupB).toEqual({ ...sameGroupA, duplicate: true });
      expect(await store.head()).toBe(3);
    });
  });

  describe('when several processes append concurrently', () => {
    it('assigns gap-free positions and keeps every acknowledged event', async () => {
      const other = await db.openAnother();
      const otherStore = createEventStore(other);
      extra.push(otherStore, other);
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          (i % 2 ? otherStore : store).append(Array.from({ length: (i % 3) + 1 }, (_, j) => renamed(`u${i}`, `n${j}`))),
        ),
      );
      const log = await store.readAll(0, 1000);
      expect(log.map((e) => e.position)).toEqual(range(1, 120));
      const byPosition = new Map(log.map((e) => [e.position, e.id]));
      for (const r of results) for (const e of r.events) expect(byPosition.get(e.position)).toBe(e.id);
    });
  });

  describe('when reading by query', () => {
    beforeEach(async () => {
      await store.append([renamed('u1', 'A'), { ...renamed('u2', 'B'), tags: ['user:u2', 'day:d1'] }, shop(true)]);
      await store.append([
        { type: 'UserRoleChanged', data: { userId: 'u2', role: 'admin' }, tags: ['user:u2', 'day:d1'] },
      ]);
    });

    it('matches types, all tags of an item, and any item', async () => {
      const positions = async (q: Parameters<EventStore['read']>[0]) =>
        (await store.read(q)).events.map((e) => e.position);
      expect(await positions([{ types: ['UserRenamed'] }])).toEqual([1, 2]);
      expect(await positions([{ tags: ['user:u2', 'day:d1'] }])).toEqual([2, 4]);
      expect(await positions([{ tags: ['user:u1', 'day:d1'] }])).toEqual([]);
      expect(await positions([{ types: ['UserRenamed'], tags: ['user:u2'] }])).toEqual([2]);
      expect(await positions([{ tags: ['shop'] }, { types: ['UserRoleChanged'] }])).toEqual([3, 4]);
      expect(await positions([{}])).toEqual([1, 2, 3, 4]);
      expect(await positions([])).toEqual([]);
      expect(await positions([{ types: [] }])).toEqual([]);
    });

    it('returns the head at read time, not the last matching position', async () => {
      const result = await store.read([{ tags: ['user:u1'] }]);
      expect(result.position).toBe(4);
      expect(result.events[0]).toMatchObject({ type: 'UserRenamed', tags: ['user:u1'], schemaVersion: 1 });
    });

    it('accepts a condition whose query matched nothing new', async () => {
      const cond = { query: [{ tags: ['user:u1'] }], after: 1 };
      await expect(store.append([renamed('u2', 'C')], { condition: cond })).resolves.toMatchObject({ lastPosition: 5 });
      await expect(store.append([renamed('u1', 'D')], { condition: { ...cond, after: 0 } })).rejects.toThrow(
        ConcurrencyError,
      );
    });
  });

  describe('when an item asks for its last event only', () => {
    it('reads the last of its matches beside every match of the other items, and a condition on it still sees each later one', async () => {
      await store.append([shop(true), renamed('u1', 'A'), shop(false), renamed('u1', 'B'), shop(true)]);
      await store.append([{ ...shop(false), tags: ['elsewhere'] }]);
      const lastShop = { types: ['ShopStatusChanged' as const], tags: ['shop'], last: true };
      const read = async (q: Parameters<EventStore['read']>[0]) => (await store.read(q)).events.map((e) => e.position);
      expect(await read([lastShop, { tags: ['user:u1'] }])).toEqual([2, 4, 5]);
      expect(await read([{ types: ['ShopStatusChanged'], last: true }])).toEqual([6]);
      expect(await read([{ tags: ['nothing'], last: true }])).toEqual([]);
      const { events, position } = await store.read([lastShop]);
      expect(events.map((e) => e.data)).toEqual([{ isCafeOpen: true, isBarOpen: true }]);
      const condition = { query: [lastShop], after: position };
      await expect(store.append([renamed('u1', 'C')], { condition })).resolves.toMatchObject({ lastPosition: 7 });
      await store.append([shop(false)]);
      await expect(store.append([renamed('u1', 'D')], { condition })).rejects.toThrow(ConcurrencyError);
    });
  });

  describe('when an event was stored at an older schema version', () => {
    it('reads it upcast to the current version', async () => {
      await insertRaw(db, {
        position: 1,
        type: 'UserRenamed',
        version: 1,
        data: { user: 'u1', fullName: 'Old' },
        tags: ['user:u1'],
      });
      const upcasting = createEventStore(db, { upcasters: [renameV1] });
      extra.push(upcasting);
      const appended = await upcasting.append([renamed('u1', 'New')]);
      const { events } = await upcasting.read([{ tags: ['user:u1'] }]);
      expect(events.map((e) => [e.data, e.schemaVersion])).toEqual([
        [{ userId: 'u1', name: 'Old' }, 2],
        [{ userId: 'u1', name: 'New' }, 2],
      ]);
      expect((await upcasting.readAll(0, 1))[0]?.data).toEqual({ userId: 'u1', name: 'Old' });
      expect(appended.events[0]?.schemaVersion).toBe(2);
    });
  });

  describe('when a listener unsubscribes', () => {
    it('is no longer called', async () => {
      const heads: number[] = [];
      const off = store.onAppended((h) => heads.push(h));
      await store.append([shop(true)]);
      off();
      await store.append([shop(false)]);
      expect(heads).toEqual([1]);
    });
  });
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function renamed(userId: string, name: string): NewEvent {
  return { type: 'UserRenamed', data: { userId, name }, tags: [`user:${userId}`] };
}

function shop(open: boolean): NewEvent {
  return { type: 'ShopStatusChanged', data: { isCafeOpen: open, isBarOpen: open }, tags: ['shop'] };
}

const renameV1: Upcaster = {
  type: 'UserRenamed',
  fromVersion: 1,
  upcast: (data) => {
    const d = data as { user: string; fullName: string };
    return { userId: d.user, name: d.fullName };
  },
};

async function insertRaw(
  db: Db,
  e: { position: number; type: string; version: number; data: unknown; tags: string[] },
) {
  await db.knex('events').insert({
    position: e.position,
    id: crypto.randomUUID(),
    type: e.type,
    tags: JSON.stringify(e.tags),
    data: JSON.stringify(e.data),
    metadata: '{}',
    occurred_at: new Date().toISOString(),
    schema_version: e.version,
  });
  await db.knex('event_tags').insert(e.tags.map((tag) => ({ tag, type: e.type, position: e.position })));
}
