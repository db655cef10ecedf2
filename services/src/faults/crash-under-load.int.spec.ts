import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VOID_ORDER_STATUSES, type Category, type Order } from '@drinks/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { jpegDataUrl } from '../api/tests/fixtures.js';
import { openDatabase } from '../db/database.js';
import { createEventStore } from '../store/event-store.js';
import { spawnServer, type SpawnedServer } from '../test-support/process.js';
import {
  FAKE_NOW,
  JWT_SECRET,
  call,
  dumpReadModels,
  mintToken,
  placedCounts,
  readLog,
  rebuildCopy,
  seedUsers,
  statsOf,
  waitUntil,
} from './tests/support.js';

const USERS = 300;
const ORDERS_EACH = 3;

describe('when the all-in-one server is SIGKILLed under a burst of racing orders', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinks-crash-'));
  const env = { DATA_DIR: dataDir, JWT_SECRET, FAKE_NOW, DEMO_DATA: 'true', LOG_LEVEL: 'silent' };
  const servers: SpawnedServer[] = [];

  afterAll(async () => {
    for (const s of servers) await s.stop(2000);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged order exactly once, the daily limit, and statistics equal to a rebuild', async () => {
    const first = await spawnServer(env);
    servers.push(first);
    // Users are appended straight to the log (no scrypt per user); their tokens are minted.
    const seedDb = await openDatabase({ dataDir });
    const { ids } = await seedUsers(createEventStore(seedDb), USERS);
    await seedDb.close();
    const tokens = await Promise.all(ids.map((id) => mintToken(id)));
    await waitUntil(
      async () => (await call(first.url, 'GET', '/user/me', tokens[USERS - 1])).status === 200,
      10_000,
      'users projected',
    );

    const categories = (await call<Category[]>(first.url, 'GET', '/category', tokens[0])).body;
    const cafeMenus = categories.filter((c) => c.categoryFor === 'cafe').flatMap((c) => c.menu);
    const upload = await call<{ url: string }>(first.url, 'POST', '/upload/image', tokens[0], {
      file: await jpegDataUrl(),
    });
    expect(upload.status).toBe(201);

    const acked: { orderId: string; userId: string; key: string; body: object }[] = [];
    const statuses = new Map<number, number>();
    let answered = 0;
    const burst = ids.flatMap((userId, u) =>
      Array.from({ length: ORDERS_EACH }, async (_, k) => {
        const menu = cafeMenus[(u + k) % cafeMenus.length]!;
        const key = `crash-${u}-${k}`;
        const body = { menu_id: menu.id, type: 'hot', sweetness: 50, remark: '', tumblerImage: upload.body.url };
        const res = await call<Order>(first.url, 'POST', '/order', tokens[u], body, { 'Idempotency-Key': key });
        answered++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) acked.push({ orderId: res.body.id, userId, key, body });
      }),
    );
    await waitUntil(() => answered >= (USERS * ORDERS_EACH) / 3, 60_000, 'a third of the burst answered');
    first.kill('SIGKILL');
    expect((await first.waitExit()).signal).toBe('SIGKILL');
    await Promise.all(burst);
    // Some answers were lost with the process: the kill really happened mid-way.
    expect(statuses.get(0) ?? 0).toBeGreaterThan(0);
    expect(acked.length).toBeGreaterThan(0);
    expect([...statuses.keys()].every((s) => [0, 201, 409].includes(s))).toBe(true);

    const second = await spawnServer(env);
    servers.push(second);
    await waitUntil(
      async () => (await call(second.url, 'GET', '/readyz')).status === 200,
      20_000,
      'restarted server ready',
    );

    const db = await openDatabase({ dataDir });
    try {
      const log = await readLog(createEventStore(db));
      const placed = placedCounts(log);
      for (const { orderId } of acked) expect(placed.get(orderId)).toBe(1);
      expect([...placed.values()].every((n) => n === 1)).toBe(true);
      const perUser = new Map<string, number>();
      for (const e of log)
        if (e.type === 'OrderPlaced') perUser.set(e.data.userId, (perUser.get(e.data.userId) ?? 0) + 1);
      expect(Math.max(...perUser.values())).toBeLessThanOrEqual(2);

      // The staff list and the owners' queues hold every placed order once.
      const barista = (
        await call(second.url, 'POST', '/auth/v2/login', null, { email: 'barista@woxa.tech', password: 'password123' })
      ).body.accessToken;
      const listed = (await call<Order[]>(second.url, 'GET', '/order', barista)).body.map((o) => o.id);
      expect(listed.length).toBe(new Set(listed).size);
      expect(new Set(listed)).toEqual(new Set(placed.keys()));
      const sample = acked.slice(0, 20);
      for (const { orderId, userId } of sample) {
        const queue = (await call<Order[]>(second.url, 'GET', '/order/my-queue', tokens[ids.indexOf(userId)])).body;
        expect(queue.filter((o) => o.id === orderId)).toHaveLength(1);
      }
      // A retry of an acknowledged order, its answer lost with the process, is the same order; its key
      // stays bound to its body (the binding committed without its own fsync, made durable by the append).
      for (const { orderId, userId, key, body } of sample) {
        const token = tokens[ids.indexOf(userId)];
        const retry = await call<Order>(second.url, 'POST', '/order', token, body, { 'Idempotency-Key': key });
        expect(retry.body.id).toBe(orderId);
        const other = await call(
          second.url,
          'POST',
          '/order',
          token,
          { ...body, remark: 'other' },
          {
            'Idempotency-Key': key,
          },
        );
        expect(other.status).toBe(409);
      }
      const active = (await db
        .knex('rm_orders')
        .whereNotIn('status', VOID_ORDER_STATUSES)
        .select('user_id')
        .count({ n: '*' })
        .groupBy('user_id')) as { n: unknown }[];
      expect(Math.max(...active.map((r) => Number(r.n)))).toBeLessThanOrEqual(2);

      const liveStats = await statsOf(db.knex);
      expect(liveStats.total).toBe(placed.size);
      const apiTotal = (await call(second.url, 'GET', '/order/count/total', barista)).body.totalOrder;
      expect(apiTotal).toBe(placed.size);
      await second.stop();
      const live = await dumpReadModels(db.knex);
      const rebuilt = await rebuildCopy(dataDir);
      expect(rebuilt.stats).toEqual(liveStats);
      expect(rebuilt.tables).toEqual(live);
    } finally {
      await db.close();
    }
  }, 180_000);
});
