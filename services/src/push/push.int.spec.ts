import { PushNotice, type Order } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, placeCafeOrder, staffTokens, uploadImage } from '../api/tests/fixtures.js';
import { openDatabase, type Db } from '../db/database.js';
import { createCheckpointWatcher } from '../projector/checkpoints.js';
import { createEventStore } from '../store/event-store.js';
import type { EventStore } from '../store/types.js';
import { WITH_PG } from '../test-support/db.js';
import { startTestPushService, type TestPushService, type TestSubscription } from '../test-support/push-service.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { MAX_DEVICES_PER_USER } from './subscriptions.js';
import { createPushDispatcher, type PushDispatcher } from './dispatcher.js';
import { webPushSender } from './sender.js';
import { loadVapidKeys } from './vapid.js';

// Web Push end to end: the API stores subscriptions, the dispatcher follows the log and sends through a real
// push service (web-push-testing: it checks the VAPID signature and decrypts) on this machine.
// The clock is pinned (a Monday, 10:00 Bangkok) and moved by hand for the 10-minute reminder.

const MONDAY_10 = Date.parse('2026-11-16T03:00:00Z');
const MINUTE = 60_000;
const BACKENDS = [
  ['sqlite', {}],
  ...(WITH_PG
    ? [['pg', { DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' }] as const]
    : []),
] as const;

describe.each(BACKENDS)('Web Push on %s', (_backend, env: { DATABASE_URL?: string }) => {
  let pushService: TestPushService;
  let app: TestServer;
  let offset = 0;
  let staff: { barista: string; admin: string };
  let menus: Awaited<ReturnType<typeof catalog>>;
  let publicKey: string;
  beforeAll(async () => {
    pushService = await startTestPushService();
    // The push service of this test runs on this machine: listed by name, as an operator would.
    app = await startTestServer(
      { ...env, PUSH_SERVICE_HOSTS: 'localhost' },
      { clock: () => new Date(MONDAY_10 + offset) },
    );
    staff = await staffTokens(app);
    menus = await catalog(app, staff.barista);
    publicKey = (await app.call<{ publicKey: string }>('GET', '/push/public-key')).body.publicKey;
  });
  afterAll(async () => {
    await app?.close();
    await pushService?.stop();
  });

  const barista = (id: string, body: unknown) =>
    app.call<Order>('PATCH', `/order/barista/${id}`, { token: staff.barista, body });
  /** A signed-in customer with `devices` subscribed browsers. */
  async function subscribedUser(devices = 1) {
    const user = await app.newUser('Pia Push');
    const subscriptions: TestSubscription[] = [];
    for (let i = 0; i < devices; i++) {
      const sub = await pushService.subscribe(publicKey);
      const { clientHash: _handle, ...body } = sub;
      const saved = await app.call('POST', '/push/subscriptions', { token: user.token, body });
      expect(saved.status).toBe(204);
      subscriptions.push(sub);
    }
    return { user, subscriptions };
  }
  async function placed(token: string): Promise<Order> {
    const res = await placeCafeOrder(app, token, menus.cafeMenu.id, await uploadImage(app, token));
    expect(res.status).toBe(201);
    return res.body;
  }
  async function complete(order: Order) {
    await barista(order.id, { status: 'in-progress' });
    expect((await barista(order.id, { status: 'done' })).body.status).toBe('done');
  }
  /** Waits for `count` messages, then a little longer to see that no more come. */
  async function received(sub: TestSubscription, count: number): Promise<PushNotice[]> {
    const deadline = Date.now() + 10_000;
    while ((await pushService.messages(sub.clientHash)).length < count && Date.now() < deadline) await sleep(100);
    await sleep(1200);
    return (await pushService.messages(sub.clientHash)).map((m) => PushNotice.parse(JSON.parse(m)));
  }
  const rows = (endpoint: string) => app.db.knex('push_subscriptions').where({ endpoint }).count({ n: '*' });
  const countOf = async (endpoint: string) => Number((await rows(endpoint))[0]!.n);

  describe('the API', () => {
    it('serves the VAPID public key to anyone: a P-256 point', async () => {
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    });

    it('saves a subscription once per endpoint, however often it is posted', async () => {
      const { user, subscriptions } = await subscribedUser();
      const { clientHash: _h, ...body } = subscriptions[0]!;
      expect((await app.call('POST', '/push/subscriptions', { token: user.token, body })).status).toBe(204);
      expect(await countOf(body.endpoint)).toBe(1);
    });

    it('refuses an anonymous caller (401) and a malformed subscription (400)', async () => {
      const sub = await pushService.subscribe(publicKey);
      expect((await app.call('POST', '/push/subscriptions', { body: sub })).status).toBe(401);
      const user = await app.newUser();
      const bad = await app.call('POST', '/push/subscriptions', {
        token: user.token,
        body: { endpoint: 'not a url', keys: { p256dh: sub.keys.p256dh } },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['endpoint', 'keys.auth']);
    });

    it("refuses an endpoint off PUSH_SERVICE_HOSTS (400): the server never posts to an address of the caller's choosing", async () => {
      const user = await app.newUser();
      const { keys } = await pushService.subscribe(publicKey);
      const subscribe = (endpoint: string) =>
        app.call('POST', '/push/subscriptions', { token: user.token, body: { endpoint, keys } });
      for (const endpoint of [
        `http://127.0.0.1:${new URL(app.url).port}/api/healthz`,
        'http://169.254.169.254/latest/meta-data/',
        'https://intranet.example/hook',
        'http://localhost.evil.example/x',
        'https://user:pw@localhost/x',
      ]) {
        const res = await subscribe(endpoint);
        expect(res.status, endpoint).toBe(400);
        expect(res.body.errors, endpoint).toEqual([expect.objectContaining({ path: 'endpoint' })]);
        expect(await countOf(endpoint)).toBe(0);
      }
      // https to a listed host's subdomain is a push service's address (nothing is sent before an order moves).
      expect((await subscribe('https://push.localhost/device-1')).status).toBe(204);
    });

    it(`keeps a person's ${MAX_DEVICES_PER_USER} newest devices: one more forgets the oldest`, async () => {
      const user = await app.newUser();
      const subscriptions: TestSubscription[] = [];
      for (let i = 0; i < MAX_DEVICES_PER_USER + 2; i++) {
        offset += 1; // a millisecond apart, as phones are subscribed one after another
        const { clientHash: _h, ...body } = await pushService.subscribe(publicKey);
        expect((await app.call('POST', '/push/subscriptions', { token: user.token, body })).status).toBe(204);
        subscriptions.push({ ...body, clientHash: _h });
      }
      const kept = (await app.db.knex('push_subscriptions').where({ user_id: user.id }).pluck('endpoint')) as string[];
      expect(kept.sort()).toEqual(
        subscriptions
          .slice(2)
          .map((s) => s.endpoint)
          .sort(),
      );
    });

    it('deletes only your own subscription: 404 for another user, 204 for the owner', async () => {
      const { user, subscriptions } = await subscribedUser();
      const endpoint = subscriptions[0]!.endpoint;
      const other = await app.newUser();
      const del = (token: string) => app.call('DELETE', '/push/subscriptions', { token, body: { endpoint } });
      expect((await del(other.token)).status).toBe(404);
      expect(await countOf(endpoint)).toBe(1);
      expect((await del(user.token)).status).toBe(204);
      expect(await countOf(endpoint)).toBe(0);
    });
  });

  describe('when an order is done', () => {
    it('pushes "ready" once to each of the owner\'s devices, with the order and its page', async () => {
      const { user, subscriptions } = await subscribedUser(2);
      const order = await placed(user.token);
      await complete(order);
      for (const sub of subscriptions) {
        expect(await received(sub, 1)).toEqual([
          {
            kind: 'ready',
            orderId: order.id,
            title: 'Your drink is ready!',
            body: `${order.menu.name} is waiting at the counter — click "Pick Up" after you take your cup.`,
            url: `/statusOrder?order=${order.id}`,
            tag: `pickup-${order.id}-ready`,
          },
        ]);
      }
    });

    it('pushes "still waiting for you" once, 10 minutes later, while the drink is on the counter', async () => {
      const { user, subscriptions } = await subscribedUser();
      const [waiting, taken] = [await placed(user.token), await placed(user.token)];
      await complete(waiting);
      await complete(taken);
      await received(subscriptions[0]!, 2);
      expect(
        (await app.call('PATCH', `/order/${taken.id}`, { token: user.token, body: { status: 'picked' } })).status,
      ).toBe(200);
      offset += 9 * MINUTE;
      expect(await received(subscriptions[0]!, 2)).toHaveLength(2);
      offset += MINUTE + 1000;
      const notices = await received(subscriptions[0]!, 3);
      expect(notices.map((n) => [n.kind, n.orderId])).toEqual([
        ['ready', waiting.id],
        ['ready', taken.id],
        ['reminder', waiting.id],
      ]);
      expect(notices[2]).toMatchObject({ title: 'Still waiting for you', tag: `pickup-${waiting.id}-reminder` });
      offset += 20 * MINUTE;
      expect(await received(subscriptions[0]!, 3)).toHaveLength(3);
    });
  });

  describe('when several drinks are done at once', () => {
    it('pushes each owner its own "ready", and 10 minutes later its own "still waiting"', async () => {
      const owners = await Promise.all([subscribedUser(), subscribedUser(), subscribedUser()]);
      const orders = await Promise.all(owners.map(({ user }) => placed(user.token)));
      await Promise.all(orders.map((o) => barista(o.id, { status: 'in-progress' })));
      await Promise.all(orders.map((o) => barista(o.id, { status: 'done' })));
      const notices = async (count: number) =>
        Promise.all(
          owners.map(async ({ subscriptions }) =>
            (await received(subscriptions[0]!, count)).map((n) => [n.kind, n.orderId]),
          ),
        );
      expect(await notices(1)).toEqual(orders.map((o) => [['ready', o.id]]));
      offset += 10 * MINUTE + 1000;
      expect(await notices(2)).toEqual(
        orders.map((o) => [
          ['ready', o.id],
          ['reminder', o.id],
        ]),
      );
    });
  });

  describe('when the customer logs out', () => {
    it('forgets every device of theirs: the next "ready" reaches none', async () => {
      const { user, subscriptions } = await subscribedUser(2);
      const order = await placed(user.token);
      const out = await app.call('PUT', `/user/${user.id}/push/disable`, {
        token: user.token,
        body: { status: 'INACTIVE' },
      });
      expect(out.status).toBe(204);
      for (const sub of subscriptions) expect(await countOf(sub.endpoint)).toBe(0);
      await complete(order);
      for (const sub of subscriptions) expect(await received(sub, 0)).toEqual([]);
    });
  });

  describe('when an order is rejected', () => {
    it('pushes "rejected" with the reason, once', async () => {
      const { user, subscriptions } = await subscribedUser();
      const order = await placed(user.token);
      expect((await barista(order.id, { status: 'rejected', reject_note: 'Out of milk' })).status).toBe(200);
      const notices = await received(subscriptions[0]!, 1);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ kind: 'rejected', orderId: order.id, body: 'Rejected: Out of milk' });
    });
  });

  describe('when the push service says a subscription is gone (410)', () => {
    it('removes that subscription and still reaches the other device', async () => {
      const { user, subscriptions } = await subscribedUser(2);
      const [gone, kept] = subscriptions as [TestSubscription, TestSubscription];
      await pushService.expire(gone.clientHash);
      await complete(await placed(user.token));
      expect(await received(kept, 1)).toHaveLength(1);
      expect(await countOf(gone.endpoint)).toBe(0);
      expect(await countOf(kept.endpoint)).toBe(1);
    });
  });

  describe('when the dispatcher catches up after the drink was picked up', () => {
    it('sends no "ready" for a cup already taken, and no "rejected" the barista recalled', async () => {
      const { user, subscriptions } = await subscribedUser();
      // Another holder of the lease that sends nothing: the API's dispatcher stops within a third of its lease.
      await app.db
        .knex('leases')
        .where({ name: 'push' })
        .update({ holder: 'asleep', expires_at: Date.now() + 60_000 });
      await sleep(4000);
      const [taken, recalled] = [await placed(user.token), await placed(user.token)];
      await complete(taken);
      expect(
        (await app.call('PATCH', `/order/${taken.id}`, { token: user.token, body: { status: 'picked' } })).status,
      ).toBe(200);
      expect((await barista(recalled.id, { status: 'rejected', reject_note: 'Out of milk' })).status).toBe(200);
      expect(
        (await app.call('POST', `/order/barista/${recalled.id}/recall`, { token: staff.barista, body: {} })).status,
      ).toBe(200);
      await app.db.knex('leases').where({ name: 'push' }).update({ expires_at: 0 });
      // The API's dispatcher reads the completion and the rejection now, and finds neither true any more;
      // someone else's drink, done after them, shows it has read that far.
      const other = await subscribedUser();
      const later = await placed(other.user.token);
      await complete(later);
      expect((await received(other.subscriptions[0]!, 1)).map((n) => n.orderId)).toEqual([later.id]);
      expect(await received(subscriptions[0]!, 0)).toEqual([]);
    });
  });

  describe('when the sending dispatcher dies between its claim and its send', () => {
    it('the next lease holder sends the notice two minutes later, once', async () => {
      const db = await openDatabase({
        dataDir: app.dataDir,
        databaseUrl: env.DATABASE_URL,
        schema: app.db.schema,
        migrate: false,
      });
      const store = createEventStore(db);
      const checkpoints = createCheckpointWatcher(db);
      // It takes over the API's lease, as another process would; the API's dispatcher notices within
      // a third of its 10-second lease and stops sending.
      await app.db
        .knex('leases')
        .where({ name: 'push' })
        .update({ holder: 'dying', expires_at: Date.now() + 60_000 });
      await sleep(4000);
      let claimed!: () => void;
      const claimedNow = new Promise<void>((resolve) => (claimed = resolve));
      // Its send never returns: the process is gone from here on, with the claim row written.
      const dying = createPushDispatcher({
        store,
        db,
        send: () => (claimed(), new Promise<never>(() => undefined)),
        readModelsAt: () => checkpoints.current(),
        clock: () => new Date(MONDAY_10 + offset),
        lease: { holder: 'dying', ttlMs: 60_000 },
        pollMs: 10,
      });
      const { user, subscriptions } = await subscribedUser();
      await dying.start();
      const order = await placed(user.token);
      await complete(order);
      await claimedNow;
      await store.close();
      await db.close();
      // Its lease runs out; the API's dispatcher takes it and reads the batch again: the claim is there.
      await app.db.knex('leases').where({ name: 'push' }).update({ expires_at: 0 });
      expect(await received(subscriptions[0]!, 0)).toEqual([]);

      offset += 2 * MINUTE + 1000;
      const notices = await received(subscriptions[0]!, 1);
      expect(notices.map((n) => [n.kind, n.orderId])).toEqual([['ready', order.id]]);
      offset += 5 * MINUTE;
      expect(await received(subscriptions[0]!, 1)).toHaveLength(1);
    });
  });

  describe('with more dispatchers racing, none of them holding a lease', () => {
    let others: { db: Db; store: EventStore; dispatcher: PushDispatcher }[] = [];
    beforeAll(async () => {
      const connect = () =>
        openDatabase({ dataDir: app.dataDir, databaseUrl: env.DATABASE_URL, schema: app.db.schema, migrate: false });
      // Each on a connection of its own, as in another process.
      for (let i = 0; i < 2; i++) {
        const db = await connect();
        const store = createEventStore(db);
        const vapid = await loadVapidKeys(
          { DATA_DIR: app.dataDir, DATABASE_URL: env.DATABASE_URL, COMPANY_EMAIL_DOMAIN: 'woxa.tech' },
          db,
        );
        const checkpoints = createCheckpointWatcher(db);
        const dispatcher = createPushDispatcher({
          store,
          db,
          send: webPushSender(vapid),
          readModelsAt: () => checkpoints.current(),
          clock: () => new Date(MONDAY_10 + offset),
          lease: false,
          pollMs: 10,
        });
        others.push({ db, store, dispatcher });
      }
    });
    afterAll(async () => {
      for (const o of others) {
        await o.dispatcher.stop();
        await o.store.close();
        await o.db.close();
      }
      others = [];
    });

    it('still sends each notice exactly once', async () => {
      const { user, subscriptions } = await subscribedUser();
      await Promise.all(others.map((o) => o.dispatcher.start()));
      const orders = [await placed(user.token), await placed(user.token)];
      await Promise.all(orders.map(complete));
      const notices = await received(subscriptions[0]!, 2);
      expect(notices.map((n) => n.orderId).sort()).toEqual(orders.map((o) => o.id).sort());
    });
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
