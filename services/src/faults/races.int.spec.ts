import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { FAKE_NOW, JWT_SECRET, call } from './tests/support.js';
import { customersOf, type Customers } from './tests/traffic.js';

const PAIRS = 200;

describe('when two calls race on one order', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinks-races-'));
  let app: TestServer;
  let c: Customers;
  beforeAll(async () => {
    app = await startTestServer({ DATA_DIR: dataDir, JWT_SECRET, FAKE_NOW });
    c = await customersOf(app.url, dataDir, PAIRS);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const place = async (u: number) => {
    const res = await call(app.url, 'POST', '/order', c.tokens[u], {
      menu_id: c.menus[0],
      type: 'hot',
      sweetness: 0,
      remark: '',
      tumblerImage: c.image,
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** Runs both calls, each after its own random delay, and returns their statuses in call order. */
  const race = async (delays: [number, number], a: () => Promise<number>, b: () => Promise<number>) =>
    Promise.all([delay(delays[0]).then(a), delay(delays[1]).then(b)]);
  const delays = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }));

  it('lets exactly one of the barista Start and the owner Cancel win, 200 interleavings', async () => {
    const samples = fc.sample(delays, { numRuns: PAIRS, seed: 7 });
    await inBatches(samples, 10, async (d, i) => {
      const id = await place(i);
      const [start, cancel] = await race(
        d,
        async () => (await call(app.url, 'PATCH', `/order/barista/${id}`, c.barista, { status: 'in-progress' })).status,
        async () => (await call(app.url, 'PATCH', `/order/${id}`, c.tokens[i], { status: 'cancel' })).status,
      );
      expect([start, cancel].sort()).toEqual([200, 409]);
      const order = (await call(app.url, 'GET', `/order/${id}`, c.barista)).body;
      expect(order.status).toBe(start === 200 ? 'in-progress' : 'cancel');
    });
  });

  it('lets exactly one of Reject and Complete on an order in progress win, 200 interleavings', async () => {
    const samples = fc.sample(delays, { numRuns: PAIRS, seed: 11 });
    await inBatches(samples, 10, async (d, i) => {
      const id = await place(i);
      expect((await call(app.url, 'PATCH', `/order/barista/${id}`, c.barista, { status: 'in-progress' })).status).toBe(
        200,
      );
      const [reject, complete] = await race(
        d,
        async () =>
          (
            await call(app.url, 'PATCH', `/order/barista/${id}`, c.barista, {
              status: 'rejected',
              reject_note: 'Out of milk',
            })
          ).status,
        async () => (await call(app.url, 'PATCH', `/order/barista/${id}`, c.barista, { status: 'done' })).status,
      );
      expect([reject, complete].sort()).toEqual([200, 409]);
      const order = (await call(app.url, 'GET', `/order/${id}`, c.barista)).body;
      expect(order.status).toBe(reject === 200 ? 'rejected' : 'done');
    });
  });
});

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function inBatches<T>(items: T[], size: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map((item, k) => fn(item, i + k)));
  }
}
