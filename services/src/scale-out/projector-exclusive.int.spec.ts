import type { EventType, StoredEvent } from '@drinks/contracts';
import { ALL_PROJECTIONS, type Projection } from '@drinks/projections';
import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { dumpReadModels, rebuildAndDump, seedUsers } from '../faults/tests/support.js';
import { createProjector, type Projector } from '../projector/projector.js';
import { createEventStore } from '../store/event-store.js';
import type { EventStore } from '../store/types.js';
import { testDatabase, type TestDb } from '../test-support/db.js';

const TZ = 'Asia/Bangkok';

/**
 * A deliberately non-idempotent projection: it adds one per event and records every position
 * it saw, so an event applied twice shows up as a count above the log's length.
 */
const counter: Projection = {
  name: 'test-counter',
  handles: ['UserRegistered'] as EventType[],
  tables: ['rm_test_counter', 'rm_test_seen'],
  async migrate(knex: Knex) {
    if (!(await knex.schema.hasTable('rm_test_counter'))) {
      await knex.schema.createTable('rm_test_counter', (t) => {
        t.text('id').primary();
        t.integer('n').notNullable();
      });
      await knex('rm_test_counter').insert({ id: 'all', n: 0 });
    }
    if (!(await knex.schema.hasTable('rm_test_seen'))) {
      await knex.schema.createTable('rm_test_seen', (t) => {
        t.bigInteger('position').notNullable(); // no key: duplicates must be countable
      });
    }
  },
  async apply(event: StoredEvent, trx: Knex.Transaction) {
    await trx('rm_test_counter').where({ id: 'all' }).increment('n', 1);
    await trx('rm_test_seen').insert({ position: event.position });
  },
};

const PROJECTIONS = [...ALL_PROJECTIONS, counter];

describe('two projectors on one PostgreSQL database', () => {
  let db: TestDb;
  let other: Db;
  let store: EventStore;

  beforeEach(async () => {
    db = await testDatabase('pg');
    other = await db.openAnother();
    store = createEventStore(db);
  });
  afterEach(async () => {
    await store.close();
    await other.close();
    await db.cleanup();
  });

  const projectorOn = (d: Db, batchSize = 7): Projector =>
    createProjector({ db: d, store, projections: PROJECTIONS, timeZone: TZ, batchSize, pollMs: 10 });

  it('apply every event exactly once when both hear of the same positions at once', async () => {
    await seedUsers(store, 400);
    const log = await store.readAll(0, 10_000);
    const a = projectorOn(db);
    const b = projectorOn(other);
    await a.migrate();
    await b.migrate();

    // Both hear of every position, in different steps, with repeats, concurrently.
    const feed = async (p: Projector, size: number) => {
      for (let i = 0; i < log.length; i += size) {
        await p.follow(log[Math.min(log.length, i + size) - 1]!.position);
        await p.follow(log[Math.max(0, i - 3)]!.position);
      }
    };
    await Promise.all([feed(a, 13), feed(b, 29), a.catchUp(), b.catchUp()]);
    await Promise.all([a.catchUp(), b.catchUp()]);

    const [row] = (await db.knex('rm_test_counter').select('n')) as { n: number }[];
    expect(Number(row?.n)).toBe(log.length);
    const dup = await db.knex('rm_test_seen').select('position').groupBy('position').havingRaw('count(*) > 1');
    expect(dup).toEqual([]);
    expect(Number((await db.knex('rm_test_seen').count({ c: '*' }))[0]!.c)).toBe(log.length);
    const checkpoints = await db.knex('checkpoints').whereIn(
      'name',
      PROJECTIONS.map((p) => p.name),
    );
    expect(checkpoints.map((c) => Number(c.position))).toEqual(PROJECTIONS.map(() => log.length));

    // The read models equal a rebuild from the log (on the same database).
    const live = await dumpReadModels(db.knex);
    expect(await rebuildAndDump(db)).toEqual(live);
  });

  it('apply every event exactly once when both catch up from the log at once, from an empty start', async () => {
    await seedUsers(store, 300);
    const head = await store.head();
    const a = projectorOn(db, 11);
    const b = projectorOn(other, 17);
    await a.migrate();
    await b.migrate();
    await Promise.all([a.catchUp(), b.catchUp(), a.catchUp(), b.catchUp()]);
    const [row] = (await db.knex('rm_test_counter').select('n')) as { n: number }[];
    expect(Number(row?.n)).toBe(head);
    expect(a.position()).toBe(head);
    expect(b.position()).toBe(head);
  });
});
