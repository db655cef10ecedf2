import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { FAKE_NOW, JWT_SECRET, call } from './tests/support.js';
import { customersOf, sleep, startTraffic, type Customers } from './tests/traffic.js';

/** A staff client: a map of orders kept from socket messages (highest position wins). */
function liveClient(url: string, token: string, state: Map<string, { position: number; order: Order }>) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/websockets`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token, hello: true })));
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString()) as { type: string; position: number; data: Order };
      if (m.type === 'hello') return resolve(ws);
      if (m.type !== 'orders') return;
      const known = state.get(m.data.id);
      if (!known || known.position < m.position) state.set(m.data.id, { position: m.position, order: m.data });
    });
    ws.on('error', reject);
  });
}

describe('when a staff socket drops for 5 s while orders flow', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinks-resync-'));
  let app: TestServer;
  let c: Customers;
  beforeAll(async () => {
    app = await startTestServer({ DATA_DIR: dataDir, JWT_SECRET, FAKE_NOW });
    c = await customersOf(app.url, dataDir, 120);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('rebuilds, from messages and one refetch after reconnecting, exactly the projection', async () => {
    const state = new Map<string, { position: number; order: Order }>();
    const traffic = startTraffic(app.url, c, 2);
    let ws = await liveClient(app.url, c.barista, state);
    await sleep(1000);
    ws.terminate();
    const before = state.size;
    await sleep(5000);
    // Reconnect first, then refetch: whatever happens in between arrives as a message.
    ws = await liveClient(app.url, c.barista, state);
    const refetched = (await call<Order[]>(app.url, 'GET', '/order', c.barista)).body;
    for (const order of refetched) {
      const known = state.get(order.id);
      // A message newer than the refetch keeps its place; anything else takes the refetched row.
      if (!known || known.order.updatedAt <= order.updatedAt)
        state.set(order.id, { position: known?.position ?? 0, order });
    }
    await sleep(1000);
    await traffic.stop();
    await sleep(500);
    ws.terminate();
    expect(traffic.failures).toEqual([]);

    const truth = (await call<Order[]>(app.url, 'GET', '/order', c.barista)).body;
    expect(before).toBeGreaterThan(0);
    expect(truth.length).toBeGreaterThan(before);
    expect(new Set(truth.map((o) => o.id)).size).toBe(truth.length);
    const mine = [...state.values()]
      .map((s) => ({ id: s.order.id, status: s.order.status }))
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(mine).toEqual(truth.map((o) => ({ id: o.id, status: o.status })).sort((a, b) => a.id.localeCompare(b.id)));
  }, 60_000);
});
