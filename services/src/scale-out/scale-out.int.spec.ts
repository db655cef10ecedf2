import type { LiveMessage, Order } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase } from '../db/database.js';
import { call, dumpReadModels, rebuildAndDump } from '../faults/tests/support.js';
import { streamEvents, testNats, type TestNats } from '../test-support/nats.js';
import type { SpawnedServer } from '../test-support/process.js';
import {
  PG_URL,
  createCluster,
  orderBody,
  progress,
  seedCustomers,
  until,
  type Cluster,
  type Customers,
} from './cluster.js';

// Steps build on each other (one cluster, ~40 s in all): they run in order.
describe('scale-out: 2 api, 2 relays (active + standby), 1 projector on PostgreSQL and NATS', () => {
  let nats: TestNats;
  let cluster: Cluster;
  let apiA: SpawnedServer;
  let apiB: SpawnedServer;
  let relay1: SpawnedServer;
  let projector: SpawnedServer;
  let c: Customers;

  beforeAll(async () => {
    nats = await testNats();
    cluster = await createCluster(nats);
    // Projector and relays first (they never seed): api A's seed then reads its own writes at once.
    projector = await cluster.start('projector');
    relay1 = await cluster.start('relay');
    // relay1 holds the lease before the standby exists, so we know which one is active.
    await until(
      async () =>
        Number((await cluster.db.knex('leases').where({ name: 'relay' }).first())?.expires_at ?? 0) > Date.now(),
      10_000,
      'relay lease taken',
    );
    await cluster.start('relay');
    apiA = await cluster.start('api', { DEMO_DATA: 'true' });
    apiB = await cluster.start('api');
    c = await seedCustomers(cluster.db, apiB.url, 7);
  }, 90_000);

  afterAll(async () => {
    await cluster?.close();
    await nats?.cleanup();
  }, 30_000);

  const place = (base: string, user: number, headers: Record<string, string> = {}) =>
    call<Order>(base, 'POST', '/order', c.tokens[user], orderBody(c), headers);

  /**
   * While the relay fails over or the projector is down, nothing is projected: the command commits
   * and, after waiting ~1 s for the read model, answers with the order as its events describe it.
   */
  async function placeDuringOutage(api: SpawnedServer, user: number): Promise<Order> {
    const before = await ordersInLog(user);
    const r = await place(api.url, user);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.status).toBe('ordered');
    expect(await ordersInLog(user)).toBe(before + 1);
    return r.body;
  }
  /** A live socket on `api`, signed in as `token`'s user; `closed` says whether the server has closed it. */
  async function signedInSocket(api: SpawnedServer, token: string) {
    const ws = new WebSocket(`${api.url.replace('http', 'ws')}/api/websockets`);
    const messages: LiveMessage[] = [];
    let closed = false;
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw)) as LiveMessage));
    ws.on('close', () => (closed = true));
    await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
    ws.send(JSON.stringify({ type: 'auth', token, hello: true }));
    await until(() => messages.some((m) => m.type === 'hello'), 5_000, 'the socket signed in');
    return { ws, closed: () => closed };
  }

  const ordersInLog = async (user: number) => {
    const rows = await cluster.db.knex('events').where({ type: 'OrderPlaced' }).select('data');
    return rows.filter((r) => JSON.parse(r.data).userId === c.ids[user]).length;
  };

  it('seeded the demo data exactly once', async () => {
    const rows = await cluster.db.knex('events').where({ type: 'UserRegistered' }).select('data');
    const emails = rows.map((r) => JSON.parse(r.data).email as string);
    expect(emails.filter((e) => e === 'barista@woxa.tech')).toHaveLength(1);
  });

  it('holds the daily limit with 10 racing PlaceOrder requests spread over both api processes', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => place(i % 2 ? apiB.url : apiA.url, 0)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(8);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body).toMatchObject({ code: 'ORDER_LIMIT_REACHED' });
    const orders = await cluster.db.knex('events').where({ type: 'OrderPlaced' }).select('data');
    expect(orders.filter((o) => JSON.parse(o.data).userId === c.ids[0])).toHaveLength(2);
    for (const api of [apiA, apiB])
      expect((await call(api.url, 'GET', '/order/count/user', c.tokens[0])).body).toEqual({ totalOrder: 2 });
  });

  it('pushes an order placed through api A to a WebSocket on api B', async () => {
    const ws = new WebSocket(`${apiB.url.replace('http', 'ws')}/api/websockets`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: c.barista, hello: true })));
    const messages: LiveMessage[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw)) as LiveMessage));
    await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
    try {
      await until(() => messages.some((m) => m.type === 'hello'), 5_000, 'the socket signed in');
      const placed = await place(apiA.url, 1);
      expect(placed.status).toBe(201);
      await until(
        () => messages.some((m) => m.type === 'orders' && m.data.id === placed.body.id),
        10_000,
        'live message on api B',
      );
    } finally {
      ws.close();
    }
  });

  it('a user changed through api A: api A reads the change at once, a socket on api B closes on a demotion', async () => {
    const admin = (
      await call<{ accessToken: string }>(apiA.url, 'POST', '/auth/v2/login', null, {
        email: 'admin@woxa.tech',
        password: 'password123',
      })
    ).body.accessToken;
    const [id, token] = [c.ids[4]!, c.tokens[4]!];
    // A rename answered by api A, which projects nothing: its own next request sees the new name.
    expect((await call(apiA.url, 'PATCH', '/user', token, { name: 'Renamed Rin' })).status).toBe(200);
    expect((await call<{ name: string }>(apiA.url, 'GET', '/user/me', token)).body.name).toBe('Renamed Rin');
    // A barista whose socket lives on api B is demoted through api A.
    expect((await call(apiA.url, 'PATCH', `/user/${id}`, admin, { role: 'barista' })).body.role).toBe('barista');
    // The promoted user's next call through api A, whose per-request check had cached them as a customer.
    expect((await call(apiA.url, 'GET', '/order?status=ordered', token)).status).toBe(200);
    await until(
      async () => (await call(apiB.url, 'GET', '/order?status=ordered', token)).status === 200,
      5_000,
      'staff',
    );
    const socket = await signedInSocket(apiB, token);
    try {
      expect((await call(apiA.url, 'PATCH', `/user/${id}`, admin, { role: 'user' })).body.role).toBe('user');
      // Well before the 25 s heartbeat, which alone closed it when api B's user cache was not told.
      await until(socket.closed, 5_000, 'the demoted socket closed');
    } finally {
      socket.ws.close();
    }
  });

  it("a sign-out through api A closes that user's socket on api B within seconds, not at its heartbeat", async () => {
    const [id, token] = [c.ids[6]!, c.tokens[6]!];
    const socket = await signedInSocket(apiB, token);
    try {
      const out = await call(apiA.url, 'PUT', `/user/${id}/push/disable`, token, { status: 'INACTIVE' });
      expect(out.status).toBe(204);
      // api B reads the sign-outs every 2 s; its heartbeat (25 s) alone closed the socket before.
      await until(socket.closed, 6_000, 'the signed-out socket closed');
    } finally {
      socket.ws.close();
    }
  });

  it('loses and doubles nothing in the stream when the active relay is killed: the standby takes over', async () => {
    relay1.kill('SIGKILL');
    await relay1.waitExit();
    const placed: Order[] = [];
    for (const [api, user] of [
      [apiA, 1],
      [apiB, 2],
      [apiA, 2],
    ] as const)
      placed.push(await placeDuringOutage(api, user));
    // Before the standby's lease (10 s): the projector read the log itself, and the other API reads the order.
    await until(
      async () => (await call(apiB.url, 'GET', `/order/${placed[0]!.id}`, c.tokens[1])).status === 200,
      2_500,
      'the order read through api B while no relay publishes',
    );
    const { head } = await progress(cluster.db);
    // The standby waits for the dead relay's lease to expire (10 s), then publishes from the checkpoint.
    await until(
      async () =>
        Number((await cluster.db.knex('checkpoints').where({ name: 'relay' }).first())?.position ?? 0) >= head,
      30_000,
      'standby relay caught up',
    );
    const positions = (await streamEvents(nats.url, nats.stream)).map((e) => e.position);
    expect(positions).toHaveLength(head);
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
  }, 60_000);

  it('resumes projecting where it stopped after the projector is killed, and the read models catch up', async () => {
    projector.kill('SIGKILL');
    await projector.waitExit();
    for (const user of [3, 4, 4]) await placeDuringOutage(apiA, user);
    // An order the read models do not hold yet can be acted on, and the answer tells how it now stands.
    const unseen = await placeDuringOutage(apiA, 5);
    const cancelled = await call<Order>(apiB.url, 'PATCH', `/order/${unseen.id}`, c.tokens[5], { status: 'cancel' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ id: unseen.id, status: 'cancel', user: { id: c.ids[5] } });
    const stale = await progress(cluster.db);
    expect(stale.projections).toBeLessThan(stale.head);
    expect((await call(apiB.url, 'GET', '/order/count/user', c.tokens[4])).body).toEqual({ totalOrder: 0 });

    projector = await cluster.start('projector');
    await until(async () => (await progress(cluster.db)).projections >= stale.head, 20_000, 'projections caught up');
    expect((await call(apiB.url, 'GET', '/order/count/user', c.tokens[4])).body).toEqual({ totalOrder: 2 });
    expect((await call(apiA.url, 'GET', '/order/count/user', c.tokens[3])).body).toEqual({ totalOrder: 1 });
    expect((await call<Order>(apiA.url, 'GET', `/order/${unseen.id}`, c.tokens[5])).body.status).toBe('cancel');
  }, 40_000);

  it('has live read models equal, row for row, to a full rebuild of the log in a second schema', async () => {
    const { head, projections } = await progress(cluster.db);
    expect(projections).toBe(head);
    const copy = await openDatabase({
      dataDir: cluster.env.DATA_DIR!,
      databaseUrl: PG_URL,
      schema: `${cluster.schema}_rb`,
    });
    try {
      for (const table of ['events', 'event_tags']) {
        await copy.knex.raw('INSERT INTO ?? SELECT * FROM ??.??', [table, cluster.schema, table]);
      }
      const live = await dumpReadModels(cluster.db.knex);
      expect(live.rm_orders!.length).toBeGreaterThanOrEqual(6);
      expect(await rebuildAndDump(copy)).toEqual(live);
    } finally {
      await copy.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [`${cluster.schema}_rb`]);
      await copy.close();
    }
  });
});
