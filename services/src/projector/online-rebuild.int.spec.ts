import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { Order } from '@drinks/contracts';
import { ALL_PROJECTIONS } from '@drinks/projections';
import type { Knex } from 'knex';
import { afterEach, describe, expect, it } from 'vitest';
import { catalog, placeCafeOrder, staffTokens, uploadImage } from '../api/tests/fixtures.js';
import { openDatabase, type Db } from '../db/database.js';
import { createEventStore } from '../store/event-store.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { createCheckpointWatcher, createProjector } from './projector.js';
import { rebuildOnline } from './online-rebuild.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TZ = 'Asia/Bangkok';
const newSchema = () => `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

describe('online rebuild on PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    cleanups.length = 0;
  });

  async function openSchema(schema: string, owned = true): Promise<Db> {
    const db = await openDatabase({ dataDir: tmpdir(), databaseUrl: DATABASE_URL, schema });
    cleanups.push(async () => {
      if (owned) await db.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await db.close();
    });
    return db;
  }

  it('swaps rebuilt read models in while a live server keeps taking orders, with no empty window', async () => {
    const schema = newSchema();
    cleanups.push(async () => {
      const admin = await openDatabase({ dataDir: tmpdir(), databaseUrl: DATABASE_URL, migrate: false });
      await admin.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await admin.close();
    });
    // A pinned business day (11:00 on a Tuesday in Bangkok): totals never roll over mid-test.
    const app: TestServer = await startTestServer({
      DATABASE_URL,
      DATABASE_SCHEMA: schema,
      FAKE_NOW: '2025-06-10T04:00:00.000Z',
    });
    cleanups.push(() => app.close());
    const db = await openSchema(schema, false);
    const store = createEventStore(db);
    cleanups.push(() => store.close());
    const staff = await staffTokens(app);
    const { cafeMenu } = await catalog(app, staff.barista);

    let stop = false;
    const failures: string[] = [];
    const placed: string[] = [];
    // Cancelled and rejected orders do not count towards the daily limit: one customer can go on.
    const writer = async () => {
      const u = await app.newUser();
      const image = await uploadImage(app, u.token);
      for (let i = 0; !stop; i++) {
        const res = await placeCafeOrder(app, u.token, cafeMenu.id, image);
        if (res.status !== 201) failures.push(`place ${res.status}`);
        placed.push(res.body.id);
        const next =
          i % 3 === 2
            ? app.call('PATCH', `/order/barista/${res.body.id}`, {
                token: staff.barista,
                body: { status: 'rejected', reject_note: 'Out of stock' },
              })
            : app.call('PATCH', `/order/${res.body.id}`, { token: u.token, body: { status: 'cancel' } });
        const done = await next;
        if (done.status !== 200) failures.push(`update ${done.status}`);
      }
    };
    let reads = 0;
    // Each reader's answers, in the order it read them, never go back (readers race one another).
    const reader = async () => {
      let lastTotal = 0;
      let lastCount = 0;
      while (!stop) {
        const [list, sum] = await Promise.all([
          app.call<Order[]>('GET', '/order', { token: staff.barista }),
          app.call<{ total: number }>('GET', '/order/summary', { token: staff.barista }),
        ]);
        if (list.status !== 200 || sum.status !== 200)
          failures.push(`read ${list.status} ${sum.status} ${JSON.stringify([list.body, sum.body]).slice(0, 300)}`);
        else {
          if (list.body.length < lastCount)
            failures.push(`GET /order went from ${lastCount} to ${list.body.length} orders`);
          if (sum.body.total < lastTotal) failures.push(`summary total went from ${lastTotal} to ${sum.body.total}`);
          lastCount = Math.max(lastCount, list.body.length);
          lastTotal = Math.max(lastTotal, sum.body.total);
          reads++;
        }
      }
    };

    const loops = [writer(), writer(), writer(), reader(), reader(), reader()];
    while (placed.length < 6) await new Promise((r) => setTimeout(r, 50));
    // A damaged read-model row (a closed order: no command touches it again) proves the tables were swapped.
    const { id: damaged } = await db.knex('rm_orders').whereIn('status', ['cancel', 'rejected']).first('id');
    await db.knex('rm_orders').where('id', damaged).update({ remark: 'DAMAGED' });
    // A second projector process that sees no deliveries: its position in memory stays behind the swap.
    const lagging = createProjector({
      db: await openSchema(schema, false),
      store,
      projections: ALL_PROJECTIONS,
      timeZone: TZ,
    });
    await lagging.migrate();
    const laggingAt = await lagging.catchUp();
    const readsBefore = reads;
    const phases: string[] = [];
    const warnings: object[] = [];
    let blocker: Promise<unknown> | undefined;
    const result = await rebuildOnline({
      db,
      store,
      projections: ALL_PROJECTIONS,
      timeZone: TZ,
      batchSize: 50,
      logger: { info: () => undefined, warn: (o: object) => warnings.push(o) },
      swapWithin: 5,
      onProgress: async ({ phase }) => {
        phases.push(phase);
        // Let orders pile up beside the shadow tables, so catching up and the swap have work.
        if (phase === 'replayed') await new Promise((r) => setTimeout(r, 1_500));
        // A long reader of a live table (1 s) makes the swap back off and try again.
        if (phase === 'caught-up') {
          let started!: () => void;
          const reading = new Promise<void>((r) => (started = r));
          blocker = db.knex.transaction(async (trx) => {
            await trx('rm_shop').select('*');
            started();
            await new Promise((r) => setTimeout(r, 1_000));
          });
          await reading;
        }
      },
    });
    const readsDuring = reads - readsBefore;
    await new Promise((r) => setTimeout(r, 500)); // orders keep coming after the swap
    stop = true;
    await Promise.all(loops);

    expect(failures).toEqual([]);
    expect(phases).toEqual(['replayed', 'caught-up']);
    await blocker;
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings[0]).toMatchObject({ code: '57014' });
    expect(readsDuring).toBeGreaterThan(5);
    expect(result.schema).toBe(schema);
    const shadows = await db.knex('information_schema.schemata').where('schema_name', 'like', `${schema}_rebuild_%`);
    expect(shadows).toEqual([]);

    // New orders are still projected by the live server after the swap.
    const after = await app.newUser();
    const order = await placeCafeOrder(app, after.token, cafeMenu.id, await uploadImage(app, after.token));
    expect(order.status).toBe(201);
    const got = await app.call<Order>('GET', `/order/${order.body.id}`, { token: after.token });
    expect(got.status).toBe(200);
    expect(got.body.status).toBe('ordered');

    const head = await store.head();
    expect(head).toBeGreaterThan(result.position);
    expect(await createCheckpointWatcher(db).waitFor(head, 5_000)).toBe(true);
    expect((await db.knex('rm_orders').where('id', damaged).first()).remark).not.toBe('DAMAGED');
    // Redelivered events, from before and after the swap, are neither applied twice nor skipped.
    expect(laggingAt).toBeLessThan(result.position);
    await lagging.follow(head);
    expect(lagging.position()).toBe(head);

    // The indexes the shadow built after its replay came along with the tables.
    const { rows: indexes } = (await db.knex.raw('SELECT indexname FROM pg_indexes WHERE schemaname = ?', [
      schema,
    ])) as { rows: { indexname: string }[] };
    const deferred = ALL_PROJECTIONS.flatMap((p) => p.indexes ?? []).map((i) => i.name);
    expect(indexes.map((i) => i.indexname)).toEqual(expect.arrayContaining(deferred));

    // The read models equal a fresh offline rebuild of the same log, row for row.
    const offline = await openSchema(newSchema());
    const projector = createProjector({ db: offline, store, projections: ALL_PROJECTIONS, timeZone: TZ });
    await projector.migrate();
    expect((await projector.rebuild()).position).toBe(head);
    for (const table of ALL_PROJECTIONS.flatMap((p) => p.tables)) {
      expect(await rows(db.knex, table), table).toEqual(await rows(offline.knex, table));
    }
  }, 60_000);
});

async function rows(knex: Knex, table: string): Promise<string[]> {
  const all = (await knex(table).select('*')) as object[];
  return all.map((r) => JSON.stringify(r)).sort();
}
