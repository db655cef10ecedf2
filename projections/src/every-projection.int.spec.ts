import type { EventType, NewEvent, StoredEvent } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PROJECTIONS } from './index.js';
import type { Projection } from './projection.js';
import { BACKENDS, TZ, ev, harness, type Harness } from './test-support/harness.js';

// Two promises every read model keeps, checked for each one over a day that uses every event type:
// replaying the events it has already applied changes nothing (`apply` is an upsert, so an interrupted
// rebuild cannot double a row or a count), and a rebuild from the log equals what was built live, event by
// event. A single old event delivered again after newer ones never reaches `apply`: the projector skips
// what its checkpoint covers (services/src/faults/disorder.int.spec.ts redelivers and reorders on purpose).

const user = (type: 'UserRegistered', userId: string, name: string): NewEvent => ({
  type,
  tags: [],
  data: { userId, email: `${userId}@woxa.tech`, name, role: 'user' },
});

const HISTORY: readonly (readonly [string, NewEvent])[] = [
  ['2025-03-03T01:00:00.000Z', user('UserRegistered', 'u1', 'Ann Example')],
  ['2025-03-03T01:00:00.000Z', user('UserRegistered', 'u2', 'Bob Example')],
  [
    '2025-03-03T01:00:00.000Z',
    {
      type: 'UserRegistered',
      tags: [],
      data: { userId: 'u3', email: 'u3+x@woxa.tech', name: 'Cat Example', role: 'user', verificationRequired: true },
    },
  ],
  ['2025-03-03T01:01:00.000Z', { type: 'UserRoleChanged', tags: [], data: { userId: 'u2', role: 'barista' } }],
  ['2025-03-03T01:02:00.000Z', { type: 'ShopStatusChanged', tags: [], data: { isCafeOpen: true, isBarOpen: true } }],
  [
    '2025-03-03T01:03:00.000Z',
    { type: 'CategoryCreated', tags: [], data: { categoryId: 'c-coffee', name: 'Coffee', categoryFor: 'cafe' } },
  ],
  [
    '2025-03-03T01:03:00.000Z',
    { type: 'CategoryCreated', tags: [], data: { categoryId: 'c-cocktail', name: 'Cocktail', categoryFor: 'bar' } },
  ],
  [
    '2025-03-03T01:04:00.000Z',
    {
      type: 'MenuCreated',
      tags: [],
      data: { menuId: 'm-latte', name: 'Latte', description: 'milk', categoryId: 'c-coffee' },
    },
  ],
  [
    '2025-03-03T01:04:00.000Z',
    {
      type: 'MenuCreated',
      tags: [],
      data: { menuId: 'm-mojito', name: 'Mojito', description: 'mint', categoryId: 'c-cocktail' },
    },
  ],
  [
    '2025-03-03T01:05:00.000Z',
    { type: 'MenuChanged', tags: [], data: { menuId: 'm-latte', description: 'more milk', isAvailable: 'available' } },
  ],
  [
    '2025-03-03T01:05:00.000Z',
    { type: 'CategoryChanged', tags: [], data: { categoryId: 'c-coffee', name: 'Coffees' } },
  ],
  ['2025-03-03T02:00:00.000Z', ev.placed({ orderId: 'o1' })],
  ['2025-03-03T02:01:00.000Z', ev.placed({ orderId: 'o2', userId: 'u2', userName: 'Bob Example' })],
  ['2025-03-03T02:01:30.000Z', ev.placed({ orderId: 'o3', area: 'bar' })],
  ['2025-03-03T02:02:00.000Z', ev.status('OrderStarted', 'o1')],
  ['2025-03-03T02:05:00.000Z', ev.status('OrderCompleted', 'o1')],
  ['2025-03-03T02:05:30.000Z', ev.recalled('o1', 'done', 'in-progress')],
  ['2025-03-03T02:06:00.000Z', ev.status('OrderCompleted', 'o1')],
  ['2025-03-03T02:07:00.000Z', ev.status('OrderPickedUp', 'o1')],
  ['2025-03-03T02:08:00.000Z', ev.status('OrderCancelled', 'o2', 'u2')],
  ['2025-03-03T02:09:00.000Z', ev.rejected('o3', 'No mint left')],
  ['2025-03-03T02:10:00.000Z', ev.renamed('u1', 'Ann Renamed')],
  [
    '2025-03-03T02:11:00.000Z',
    { type: 'MenuActivityChanged', tags: [], data: { menuId: 'm-mojito', isActive: 'inactive' } },
  ],
  [
    '2025-03-03T02:12:00.000Z',
    { type: 'UserAvailabilityChanged', tags: [], data: { userId: 'u2', isAvailable: false } },
  ],
  ['2025-03-03T02:12:30.000Z', { type: 'UserEmailVerified', tags: [], data: { userId: 'u3' } }],
  ['2025-03-03T02:12:40.000Z', { type: 'PasswordChanged', tags: [], data: { userId: 'u3', via: 'reset' } }],
  ['2025-03-03T02:13:00.000Z', { type: 'ShopStatusChanged', tags: [], data: { isCafeOpen: false, isBarOpen: false } }],
];

describe.each(BACKENDS)('every projection on %s', (backend) => {
  let h: Harness;
  let log: StoredEvent[];
  beforeAll(async () => {
    h = await harness(backend, { log: 'sql' });
    for (const [instant, event] of HISTORY) {
      h.at(instant);
      await h.given(event);
    }
    log = await h.store.readAll(0, Number.MAX_SAFE_INTEGER);
  });
  afterAll(async () => {
    await h?.cleanup();
  });

  /** Every row of the projection's tables, in a stable order. */
  const dump = async (p: Projection) => {
    const tables: Record<string, unknown[]> = {};
    for (const table of p.tables) {
      const rows = (await h.knex(table).select()) as Record<string, unknown>[];
      tables[table] = rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();
    }
    return tables;
  };

  it('has a history that gives every projection something to do', () => {
    const types = new Set(log.map((e) => e.type));
    for (const p of ALL_PROJECTIONS) {
      const used = p.handles.filter((t: EventType) => types.has(t));
      expect(used.length, p.name).toBeGreaterThan(0);
    }
  });

  it.each(ALL_PROJECTIONS.map((p) => [p.name, p] as const))(
    '%s: the history applied again over what it built changes nothing, event by event or as a batch',
    async (_name, p) => {
      const before = await dump(p);
      expect(Object.values(before).some((rows) => rows.length > 0) || p.tables.length === 0).toBe(true);
      const mine = log.filter((e) => (p.handles as readonly string[]).includes(e.type));
      // The whole history again over what it built, as an interrupted rebuild replays it.
      await h.knex.transaction(async (trx) => {
        for (const e of mine) await p.apply(e, trx, { timeZone: TZ });
      });
      expect(await dump(p)).toEqual(before);
      if (p.applyBatch) {
        await h.knex.transaction((trx) => p.applyBatch!(mine, trx, { timeZone: TZ }));
        expect(await dump(p)).toEqual(before);
      }
    },
  );

  it.each(ALL_PROJECTIONS.map((p) => [p.name, p] as const))(
    '%s: a rebuild from the log equals what was built live',
    async (_name, p) => {
      const before = await dump(p);
      await h.projector.rebuild([p.name]);
      expect(await dump(p)).toEqual(before);
    },
  );
});
