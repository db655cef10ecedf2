import type { EventOf, EventType, NewEvent, StoredEvent } from '@drinks/contracts';
import { ALL_PROJECTIONS, getOrder, listUsers } from '@drinks/projections';
import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventStore } from '../store/event-store.js';
import { createMemoryEventStore } from '../store/memory.js';
import type { EventStore } from '../store/types.js';
import { BACKENDS, testDatabase, type TestDb } from '../test-support/db.js';
import { createCheckpointWatcher, createProjector, type Projector } from './projector.js';

const TZ = 'Asia/Bangkok';

describe.each(BACKENDS)('projector on %s', (backend) => {
  let db: TestDb;
  let store: EventStore;
  let log: StoredEvent[];
  /** How far the log reaches for the projectors made here: an append moves it, then they hear of it. */
  let visible = Number.MAX_SAFE_INTEGER;
  const view: Pick<EventStore, 'readAll' | 'head'> = {
    readAll: async (after, limit) => (await store.readAll(after, limit)).filter((e) => e.position <= visible),
    head: async () => Math.min(visible, await store.head()),
  };
  const make = (opts: { batchSize?: number; rebuildBatchSize?: number } = {}) =>
    createProjector({ db, store: view, projections: ALL_PROJECTIONS, timeZone: TZ, ...opts });
  /** The log grows to `position` and the projector hears of it, as after an append or a bus delivery. */
  const grow = async (p: Projector, position: number) => {
    visible = Math.max(visible === Number.MAX_SAFE_INTEGER ? 0 : visible, position);
    await p.follow(position);
  };

  beforeEach(async () => {
    visible = Number.MAX_SAFE_INTEGER;
    db = await testDatabase(backend);
    store = createMemoryEventStore();
    for (const e of sampleLog()) await store.append([e]);
    log = await store.readAll(0, 10_000);
  });
  afterEach(async () => {
    await store.close();
    await db.cleanup();
  });

  async function live(): Promise<Projector> {
    const p = make();
    await p.migrate();
    await p.follow(log.length);
    return p;
  }

  it('applies every event once, however often and late it hears of a position', async () => {
    const once = await dumpAfter((p) => p.follow(log.length));
    const p = make();
    await p.migrate();
    for (const e of log) {
      await grow(p, e.position);
      await p.follow(e.position);
    }
    await p.follow(20);
    await p.follow(3);
    expect(await dump(db.knex)).toEqual(once);
    expect(p.position()).toBe(log.length);
  });

  it('applies on news of a position everything the log holds by then, skipped news included', async () => {
    const p = make();
    await p.migrate();
    await grow(p, 5);
    expect(p.position()).toBe(5);
    await grow(p, 21);
    expect(p.position()).toBe(21);
    // The news of 22 and 25 was lost; the log has reached 26 when the next one, of an older position, comes.
    visible = 26;
    await p.follow(22);
    expect(p.position()).toBe(26);
    await grow(p, log.length);
    const fromGaps = await dump(db.knex);
    await p.rebuild();
    expect(await dump(db.knex)).toEqual(fromGaps);
  });

  it('rebuilds tables equal to the live ones, row for row', async () => {
    const p = await live();
    const before = await dump(db.knex);
    expect(before.rm_orders!.length).toBeGreaterThan(0);
    const result = await p.rebuild();
    expect(result).toMatchObject({
      projections: ALL_PROJECTIONS.map((x) => x.name),
      events: log.length,
      position: log.length,
    });
    expect(await dump(db.knex)).toEqual(before);
    expect(p.position()).toBe(log.length);
  });

  it('builds the deferred indexes again after the replay, and on SQLite waits for the disk again', async () => {
    const p = await live();
    const deferred = ALL_PROJECTIONS.flatMap((x) => x.indexes ?? []).map((i) => i.name);
    expect(deferred.length).toBeGreaterThan(0);
    await p.rebuild();
    expect(await indexNames(db.knex)).toEqual(expect.arrayContaining(deferred));
    if (backend === 'sqlite') expect(await db.knex.raw('PRAGMA synchronous')).toEqual([{ synchronous: 2 }]);
  });

  it('a rebuild cut off before its indexes leaves them to the next migrate', async () => {
    const p = await live();
    const [first] = ALL_PROJECTIONS.flatMap((x) => x.indexes ?? []);
    await db.knex.raw('DROP INDEX ??', [first!.name]);
    expect(await indexNames(db.knex)).not.toContain(first!.name);
    await p.migrate();
    expect(await indexNames(db.knex)).toContain(first!.name);
  });

  it('rebuilds only the named projections, in small batches', async () => {
    const p = await live();
    const before = await dump(db.knex);
    await db.knex('rm_users').update({ name: 'garbage' });
    const small = make({ batchSize: 7, rebuildBatchSize: 7 });
    await small.migrate();
    await small.rebuild(['users']);
    expect(await dump(db.knex)).toEqual(before);
    await expect(small.rebuild(['nope'])).rejects.toThrow(/Unknown projection 'nope'/);
    expect(p.position()).toBe(log.length);
  });

  it('resumes from its checkpoints after a restart', async () => {
    const first = make();
    await first.migrate();
    await grow(first, 15);
    visible = Number.MAX_SAFE_INTEGER;
    const second = make({ batchSize: 4 });
    await second.migrate();
    expect(second.position()).toBe(15);
    expect(await second.catchUp()).toBe(log.length);
    const caughtUp = await dump(db.knex);
    expect(caughtUp).toEqual(await dumpAfter(async (p) => void (await p.rebuild())));
  });

  it('lets callers wait for a position, here and from another process', async () => {
    const p = make();
    await p.migrate();
    expect(await p.waitFor(1, 50)).toBe(false);
    const waiting = p.waitFor(10, 5_000);
    await grow(p, 10);
    expect(await waiting).toBe(true);

    const other = await db.openAnother();
    try {
      const watcher = createCheckpointWatcher(other);
      expect(await watcher.current()).toBe(10);
      const remote = watcher.waitFor(12, 5_000);
      expect(await watcher.waitFor(12, 30)).toBe(false);
      await grow(p, 12);
      expect(await remote).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('polls the checkpoints once per tick for every waiter in another process', async () => {
    const p = make();
    await p.migrate();
    await grow(p, 3);
    const other = await db.openAnother();
    try {
      const watcher = createCheckpointWatcher(other, { pollMs: 20 });
      let reads = 0;
      other.knex.on('query', (q: { sql: string }) => void (/checkpoints/.test(q.sql) && reads++));
      const waiting = Array.from({ length: 50 }, () => watcher.waitFor(5, 5_000));
      await new Promise((r) => setTimeout(r, 200));
      expect(reads).toBeLessThan(20);
      await grow(p, 5);
      expect(await Promise.all(waiting)).toEqual(Array(50).fill(true));
    } finally {
      await other.close();
    }
  });

  it('tells another process without waiting a position the projections have reached, refreshed in the background', async () => {
    const p = make();
    await p.migrate();
    await grow(p, 10);
    const other = await db.openAnother();
    try {
      const watcher = createCheckpointWatcher(other, { pollMs: 20 });
      expect(watcher.known()).toBe(0); // nothing read yet: a lower bound all the same
      await vi.waitFor(() => expect(watcher.known()).toBe(10), { timeout: 5_000, interval: 10 });
      await grow(p, 12);
      await vi.waitFor(() => expect(watcher.known()).toBe(12), { timeout: 5_000, interval: 10 });
    } finally {
      await other.close();
    }
  });

  it('catches up from the real event store and answers queries', async () => {
    const real = createEventStore(db);
    for (const e of sampleLog()) await real.append([e]);
    const p = createProjector({ db, store: real, projections: ALL_PROJECTIONS, timeZone: TZ });
    await p.migrate();
    expect(await p.catchUp()).toBe(log.length);
    expect((await listUsers(db.knex)).map((u) => u.name)).toEqual(['Ann', 'Bobby', 'Cid']);
    expect(await getOrder(db.knex, 'o3')).toMatchObject({ status: 'done', user: { name: 'Bobby' } });
    const live = await dump(db.knex);
    await p.rebuild();
    expect(await dump(db.knex)).toEqual(live);
    await real.close();
  });

  it('reads the log once for news of an append, more only while batches come full', async () => {
    const reads: number[] = [];
    const p = createProjector({
      db,
      store: { readAll: (after, limit) => (reads.push(after), view.readAll(after, limit)), head: view.head },
      projections: ALL_PROJECTIONS,
      timeZone: TZ,
      batchSize: 4,
    });
    await p.migrate();
    await grow(p, 11);
    // Two full batches of four, then a short one that ends the pass.
    expect(reads).toEqual([0, 4, 8]);
    await grow(p, 12);
    expect(reads).toEqual([0, 4, 8, 11]);
    expect(p.position()).toBe(12);
  });

  it('follows news of positions, many at once, applying each event once', async () => {
    const applied: number[] = [];
    const counting = createProjector({
      db,
      store,
      projections: ALL_PROJECTIONS,
      timeZone: TZ,
      onApplied: (events) => applied.push(...events.map((e) => e.position)),
    });
    await counting.migrate();
    // Every signal at once, as appends under load give them: coalesced into few transactions.
    await Promise.all(log.map((e) => counting.follow(e.position)));
    expect(counting.position()).toBe(log.length);
    expect(applied).toEqual(log.map((e) => e.position));
    await counting.follow(log.length);
    expect(applied).toHaveLength(log.length);
    expect(await dump(db.knex)).toEqual(await dumpAfter(async (q) => void (await q.rebuild())));
  });

  it('replays from its checkpoint the relaxed commits a crash lost, to tables equal to live', async () => {
    // A crash can only lose a suffix of commits, and each commit carries tables and checkpoint
    // together: a projector that died after committing up to position 12 is what a restart finds.
    const upTo12: Pick<EventStore, 'readAll' | 'head'> = {
      readAll: async (after, limit) => (await store.readAll(after, limit)).filter((e) => e.position <= 12),
      head: async () => 12,
    };
    const crashed = createProjector({ db, store: upTo12, projections: ALL_PROJECTIONS, timeZone: TZ });
    await crashed.migrate();
    await crashed.follow(12);
    expect(crashed.position()).toBe(12);
    const restarted = make();
    await restarted.migrate();
    expect(await restarted.catchUp()).toBe(log.length);
    expect(await dump(db.knex)).toEqual(await dumpAfter(async (q) => void (await q.rebuild())));
    if (backend === 'sqlite') {
      // The log shares this connection: it is left at synchronous=FULL after the relaxed commits.
      expect(await db.knex.raw('PRAGMA synchronous')).toEqual([{ synchronous: 2 }]);
    }
  });

  async function dumpAfter(fn: (p: Projector) => Promise<void>): Promise<Record<string, unknown[]>> {
    const p = make();
    await p.migrate();
    await fn(p);
    return dump(db.knex);
  }
});

async function indexNames(knex: Knex): Promise<string[]> {
  if (knex.client.driverName === 'better-sqlite3') {
    return ((await knex.raw(`SELECT name FROM sqlite_master WHERE type = 'index'`)) as { name: string }[]).map(
      (r) => r.name,
    );
  }
  const { rows } = (await knex.raw('SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()')) as {
    rows: { name: string }[];
  };
  return rows.map((r) => r.name);
}

/** Every read-model row, bigint columns as numbers (pg returns them as strings). */
async function dump(knex: Knex): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of ALL_PROJECTIONS.flatMap((p) => p.tables).sort()) {
    const rows = (await knex(table)) as Record<string, unknown>[];
    out[table] = rows
      .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, /position$/.test(k) ? Number(v) : v])))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return out;
}

function sampleLog(): NewEvent[] {
  const e = <T extends EventType>(type: T, data: EventOf<T>['data']) => ({ type, tags: [], data }) as NewEvent;
  const order = (orderId: string, userId: string, userName: string, menu: 'latte' | 'beer', day = '2025-03-03') =>
    e('OrderPlaced', {
      orderId,
      userId,
      userName,
      menuId: `m-${menu}`,
      menuName: menu === 'latte' ? 'Latte' : 'Beer',
      categoryId: menu === 'latte' ? 'c1' : 'c2',
      categoryName: menu === 'latte' ? 'Coffee' : 'Beers',
      categoryFor: menu === 'latte' ? 'cafe' : 'bar',
      type: menu === 'latte' ? 'cold' : null,
      sweetness: menu === 'latte' ? 25 : null,
      remark: '-',
      tumblerImage: null,
      businessDay: day,
    });
  const ref = (orderId: string, userId: string, day = '2025-03-03') => ({
    orderId,
    userId,
    businessDay: day,
    by: 'b1',
  });
  return [
    e('UserRegistered', { userId: 'u1', email: 'ann@woxa.tech', name: 'Ann', role: 'user' }),
    e('UserRegistered', { userId: 'u2', email: 'bob@woxa.tech', name: 'Bob', role: 'user' }),
    e('UserRegistered', { userId: 'b1', email: 'cid@woxa.tech', name: 'Cid', role: 'barista' }),
    e('CategoryCreated', { categoryId: 'c1', name: 'Coffee', categoryFor: 'cafe' }),
    e('CategoryCreated', { categoryId: 'c2', name: 'Beers', categoryFor: 'bar' }),
    e('MenuCreated', { menuId: 'm-latte', name: 'Latte', description: '-', categoryId: 'c1' }),
    e('MenuCreated', { menuId: 'm-beer', name: 'Beer', description: 'cold', categoryId: 'c2' }),
    e('ShopStatusChanged', { isCafeOpen: true, isBarOpen: false }),
    order('o1', 'u1', 'Ann', 'latte', '2025-03-02'),
    order('o2', 'u1', 'Ann', 'latte'),
    order('o3', 'u2', 'Bob', 'latte'),
    e('OrderStarted', ref('o2', 'u1')),
    e('OrderRejected', { ...ref('o1', 'u1', '2025-03-02'), reason: 'Out of milk' }),
    e('UserRenamed', { userId: 'u2', name: 'Bobby' }),
    e('OrderStarted', ref('o3', 'u2')),
    e('OrderCompleted', ref('o2', 'u1')),
    e('OrderPickedUp', ref('o2', 'u1')),
    e('ShopStatusChanged', { isCafeOpen: false, isBarOpen: true }),
    e('MenuActivityChanged', { menuId: 'm-latte', isActive: 'inactive' }),
    order('o4', 'u2', 'Bobby', 'beer'),
    order('o5', 'u1', 'Ann', 'beer'),
    e('OrderCancelled', ref('o5', 'u1')),
    e('UserRoleChanged', { userId: 'u1', role: 'admin' }),
    e('UserAvailabilityChanged', { userId: 'u2', isAvailable: false }),
    e('CategoryChanged', { categoryId: 'c2', name: 'Draft', isAvailable: 'unavailable' }),
    e('MenuChanged', { menuId: 'm-beer', name: 'Ale', categoryId: 'c1' }),
    order('o6', 'u2', 'Bobby', 'beer'),
    e('OrderStarted', ref('o4', 'u2')),
    e('OrderCompleted', ref('o3', 'u2')),
    e('OrderRejected', { ...ref('o6', 'u2'), reason: 'Closed' }),
  ];
}
