import type { Order, OrderSummary, ReadyOrder, TimelineEntry } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, offTheDocument, placeCafeOrder, problem, staffTokens, uploadImage } from './fixtures.js';

// The barista station over HTTP: hand-over, recall, conflicts that say who, unclaimed orders,
// leftovers of an earlier day and bar orders. The clock is pinned (a Wednesday, 10:00 Bangkok) and moved by hand.

const WEDNESDAY_10 = Date.parse('2026-11-18T03:00:00Z');
const MINUTE = 60_000;

describe('the barista station over HTTP', () => {
  let app: TestServer;
  let offset = 0;
  let staff: { barista: string; admin: string };
  let menus: Awaited<ReturnType<typeof catalog>>;
  const signIn = async () => {
    staff = await staffTokens(app);
  };
  beforeAll(async () => {
    app = await startTestServer({}, { clock: () => new Date(WEDNESDAY_10 + offset) });
    await signIn();
    menus = await catalog(app, staff.barista);
    await app.call('PATCH', '/user', { token: staff.barista, body: { name: 'Ann Barista' } });
  });
  afterAll(() => app.close());

  const asBarista = (id: string, body: unknown, token = staff.barista) =>
    app.call<Order>('PATCH', `/order/barista/${id}`, { token, body });
  const recall = (id: string, token = staff.barista) =>
    app.call<Order>('POST', `/order/barista/${id}/recall`, { token });
  async function newOrder(name = 'Zed Quinn') {
    const u = await app.newUser(name);
    const image = await uploadImage(app, u.token);
    const res = await placeCafeOrder(app, u.token, menus.cafeMenu.id, image);
    expect(res.status).toBe(201);
    return { user: u, order: res.body };
  }
  async function doneOrder(name?: string) {
    const placed = await newOrder(name);
    await asBarista(placed.order.id, { status: 'in-progress' });
    expect((await asBarista(placed.order.id, { status: 'done' })).body.status).toBe('done');
    return placed;
  }

  describe('hand-over by staff', () => {
    it('marks a done order picked and the timeline says who', async () => {
      const { order } = await doneOrder();
      const res = await asBarista(order.id, { status: 'picked' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: order.id, status: 'picked', queue_at: null });
      const timeline = await app.call<TimelineEntry[]>('GET', `/order/${order.id}/timeline`, { token: staff.admin });
      expect(timeline.body.at(-1)).toMatchObject({ kind: 'picked', by: { name: 'Ann Barista' } });
    });

    it('refuses an order that is not done (409) and a user (403)', async () => {
      const { user, order } = await newOrder();
      expect(problem(await asBarista(order.id, { status: 'picked' })).code).toBe('INVALID_TRANSITION');
      const byUser = await asBarista(order.id, { status: 'picked' }, user.token);
      expect(byUser.status).toBe(403);
    });
  });

  describe('recall', () => {
    it('brings a done order back to in progress; the owner sees it with its place in the queue', async () => {
      const { user, order } = await doneOrder();
      const summaryBefore = await app.call<OrderSummary>('GET', '/order/summary', { token: staff.admin });
      const res = await recall(order.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'in-progress' });
      expect(res.body.queue_at).toBeGreaterThanOrEqual(1);
      const mine = await app.call<Order>('GET', `/order/${order.id}`, { token: user.token });
      expect(mine.body.status).toBe('in-progress');
      const summary = await app.call<OrderSummary>('GET', '/order/summary', { token: staff.admin });
      expect(summary.body.total).toBe(summaryBefore.body.total);
      expect(summary.body.byStatus.done).toBe(summaryBefore.body.byStatus.done - 1);
      const timeline = await app.call<TimelineEntry[]>('GET', `/order/${order.id}/timeline`, { token: user.token });
      expect(timeline.body.map((e) => e.kind)).toEqual(['placed', 'started', 'completed', 'recalled']);
      await asBarista(order.id, { status: 'done' });
    });

    it('brings a rejected order back to where it was, without its reject note, counting again for its owner', async () => {
      const { user, order } = await newOrder();
      await asBarista(order.id, { status: 'rejected', reject_note: 'Machine Failure' });
      const count = () => app.call<{ totalOrder: number }>('GET', '/order/count/user', { token: user.token });
      expect((await count()).body.totalOrder).toBe(0);
      const res = await recall(order.id);
      expect(res.body).toMatchObject({ status: 'ordered', reject_note: null });
      expect((await count()).body.totalOrder).toBe(1);
      await asBarista(order.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });

    it('refuses a rejected order whose owner has since placed two others that day (409 ORDER_LIMIT_REACHED)', async () => {
      const { user, order } = await newOrder();
      await asBarista(order.id, { status: 'rejected', reject_note: 'Machine Failure' });
      const image = await uploadImage(app, user.token);
      const others = [
        await placeCafeOrder(app, user.token, menus.cafeMenu.id, image),
        await placeCafeOrder(app, user.token, menus.cafeMenu.id, image),
      ];
      expect(others.map((o) => o.status)).toEqual([201, 201]);
      const res = await recall(order.id);
      expect(res.status).toBe(409);
      expect(problem(res).code).toBe('ORDER_LIMIT_REACHED');
      const count = await app.call<{ totalOrder: number }>('GET', '/order/count/user', { token: user.token });
      expect(count.body.totalOrder).toBe(2);
      for (const o of others) await asBarista(o.body.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });

    it("refuses while the order's area is closed (409 SHOP_CLOSED): no waiting order in a closed shop", async () => {
      const { order } = await doneOrder();
      const waiting = await app.call<Order[]>('GET', '/order?status=ordered,in-progress', { token: staff.barista });
      for (const o of waiting.body) await asBarista(o.id, { status: 'rejected', reject_note: 'Machine Failure' });
      const closed = await app.call('PATCH', '/cafe-status/all-close', { token: staff.barista });
      expect(closed.status).toBe(200);
      try {
        const res = await recall(order.id);
        expect(res.status).toBe(409);
        expect(problem(res).code).toBe('SHOP_CLOSED');
        expect((await app.call<Order>('GET', `/order/${order.id}`, { token: staff.admin })).body.status).toBe('done');
      } finally {
        await app.call('PATCH', '/cafe-status/cafe-open', { token: staff.barista });
      }
    });

    it('refuses after RECALL_WINDOW_SECONDS (409 RECALL_WINDOW_PASSED)', async () => {
      const { order } = await doneOrder();
      offset += 121_000;
      const res = await recall(order.id);
      expect(res.status).toBe(409);
      expect(problem(res).code).toBe('RECALL_WINDOW_PASSED');
      expect((await app.call<Order>('GET', `/order/${order.id}`, { token: staff.admin })).body.status).toBe('done');
    });

    it('refuses other statuses (409 INVALID_TRANSITION), users (403) and unknown orders (404)', async () => {
      const { user, order } = await newOrder();
      expect(problem(await recall(order.id)).code).toBe('INVALID_TRANSITION');
      expect((await recall(order.id, user.token)).status).toBe(403);
      expect((await recall('no-such-order')).status).toBe(404);
      await asBarista(order.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });
  });

  describe('a transition someone else already made', () => {
    it("names the staff member by first name: 'Already started by Ann.'", async () => {
      const { order } = await newOrder();
      await asBarista(order.id, { status: 'in-progress' });
      const res = await asBarista(order.id, { status: 'in-progress' }, staff.admin);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'INVALID_TRANSITION', detail: 'Already started by Ann.' });
      await asBarista(order.id, { status: 'done' });
      const late = await asBarista(order.id, { status: 'rejected', reject_note: 'Machine Failure' }, staff.admin);
      expect(problem(late).detail).toBe('Already completed by Ann.');
    });

    it("says the customer cancelled, never the customer's name or id", async () => {
      const { user, order } = await newOrder('Secret Person');
      await app.call('PATCH', `/order/${order.id}`, { token: user.token, body: { status: 'cancel' } });
      const res = await asBarista(order.id, { status: 'in-progress' });
      expect(problem(res).detail).toBe('Already cancelled by the customer.');
    });
  });

  describe('unclaimed orders', () => {
    it('lists done orders waiting longer than UNCLAIMED_AFTER_MINUTES, for staff only', async () => {
      const { user, order } = await doneOrder();
      const list = () => app.call<Order[]>('GET', '/order/unclaimed', { token: staff.barista });
      expect((await list()).body.map((o) => o.id)).not.toContain(order.id);
      offset += 31 * MINUTE;
      await signIn();
      expect((await list()).body.map((o) => o.id)).toContain(order.id);
      expect((await app.call('GET', '/order/unclaimed', { token: user.token })).status).toBe(403);
      await asBarista(order.id, { status: 'picked' });
      expect((await list()).body.map((o) => o.id)).not.toContain(order.id);
    });
  });

  describe('the pick-up screen API from loopback', () => {
    it('lists ready orders by first name and drink without sign-in, and nothing else', async () => {
      const { order } = await doneOrder('Mia Long-Surname');
      const res = await app.call<ReadyOrder[]>('GET', '/order/ready');
      expect(res.status).toBe(200);
      const row = res.body.find((r) => r.id === order.id);
      expect(row).toEqual({
        id: order.id,
        firstName: 'Mia',
        menuName: order.menu.name,
        type: 'hot',
        readyAt: expect.any(String),
      });
      expect(JSON.stringify(res.body)).not.toContain('Long-Surname');
      await asBarista(order.id, { status: 'picked' });
      const after = await app.call<ReadyOrder[]>('GET', '/order/ready');
      expect(after.body.map((r) => r.id)).not.toContain(order.id);
    });
  });
});

describe('the pick-up screen away from its networks', () => {
  let app: TestServer;
  let admin: string;
  let barista: string;
  beforeAll(async () => {
    app = await startTestServer({ PICKUP_SCREEN_NETWORKS: '10.0.0.0/8' });
    ({ admin, barista } = await staffTokens(app));
  });
  afterAll(() => app.close());

  it('answers 401 without a key, even to a client claiming a listed address in X-Forwarded-For', async () => {
    const res = await app.call('GET', '/order/ready');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    // A public call, but this one can be refused: the OpenAPI document lists the 401 for the clients made from it.
    expect(await offTheDocument(app, 'GET /order/ready', res)).toEqual([]);
    const spoofed = await app.call('GET', '/order/ready', { headers: { 'X-Forwarded-For': '10.1.2.3' } });
    expect(spoofed.status).toBe(401);
  });

  it('answers with a key an admin created, 403 once it is revoked or for a wrong key', async () => {
    const created = await app.call<{ id: string; key: string; url: string }>('POST', '/pickup-screen/keys', {
      token: admin,
    });
    expect(created.status).toBe(201);
    expect(created.body.url).toMatch(/\/ready\?key=/);
    const key = encodeURIComponent(created.body.key);
    expect((await app.call('GET', `/order/ready?key=${key}`)).status).toBe(200);
    expect((await app.call('GET', '/order/ready?key=wrong')).status).toBe(403);
    const listed = await app.call<{ id: string; revokedAt: string | null }[]>('GET', '/pickup-screen/keys', {
      token: admin,
    });
    expect(listed.body).toContainEqual(expect.objectContaining({ id: created.body.id, revokedAt: null }));
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
    expect((await app.call('DELETE', `/pickup-screen/keys/${created.body.id}`, { token: admin })).status).toBe(204);
    expect((await app.call('GET', `/order/ready?key=${key}`)).status).toBe(403);
    expect((await app.call('DELETE', '/pickup-screen/keys/nope', { token: admin })).status).toBe(404);
  });

  it('lets only admins manage keys', async () => {
    expect((await app.call('POST', '/pickup-screen/keys', { token: barista })).status).toBe(403);
    expect((await app.call('GET', '/pickup-screen/keys')).status).toBe(401);
  });

  it("does not hand a key's creation again, by its Idempotency-Key, to an admin demoted since", async () => {
    const second = await app.newUser('Second Admin');
    expect((await app.call('PATCH', `/user/${second.id}`, { token: admin, body: { role: 'admin' } })).status).toBe(200);
    const create = () =>
      app.call<{ key: string }>('POST', '/pickup-screen/keys', {
        token: second.token,
        headers: { 'Idempotency-Key': 'screen-1' },
      });
    const first = await create();
    expect(first.status).toBe(201);
    expect((await create()).body.key).toBe(first.body.key);
    expect((await app.call('PATCH', `/user/${second.id}`, { token: admin, body: { role: 'user' } })).status).toBe(200);
    const demoted = await create();
    expect(demoted.status).toBe(403);
    expect(JSON.stringify(demoted.body)).not.toContain(first.body.key);
  });
});

describe('the board across days and areas', () => {
  let app: TestServer;
  let now = Date.parse('2026-11-17T10:00:00Z'); // Tuesday 17:00 in Bangkok
  beforeAll(async () => {
    app = await startTestServer({}, { clock: () => new Date(now) });
  });
  afterAll(() => app.close());

  const board = (token: string, status: string) =>
    app.call<Order[]>('GET', `/order?status=${status}&startDate=2026-11-18&endDate=2026-11-18`, { token });

  it("lists yesterday's waiting order on today's board (not in a range of today), refuses to close while it waits (naming it), and closes once it is done", async () => {
    const u = await app.newUser('Late Owner');
    const menus = await catalog(app, u.token);
    const old = await placeCafeOrder(app, u.token, menus.cafeMenu.id, await uploadImage(app, u.token));
    expect(old.status).toBe(201);
    now = Date.parse('2026-11-18T03:00:00Z'); // Wednesday 10:00
    const { barista } = await staffTokens(app);
    expect((await board(barista, 'ordered')).body.map((o) => o.id)).toContain(old.body.id);
    // One queue per area: today's first order comes after yesterday's leftover, not beside it as a second 1.
    const early = await app.newUser('Early Bird');
    const today = await placeCafeOrder(app, early.token, menus.cafeMenu.id, await uploadImage(app, early.token));
    const places = (await board(barista, 'ordered')).body.map((o) => [o.id, o.queue_at]);
    expect(places).toEqual([
      [old.body.id, 1],
      [today.body.id, 2],
    ]);
    expect(today.body.queue_at).toBe(2);
    await app.call('PATCH', `/order/barista/${today.body.id}`, {
      token: barista,
      body: { status: 'rejected', reject_note: 'Machine Failure' },
    });
    // Any other range is exactly [startDate, endDate): yesterday's order is not in today's.
    const exact = await app.call<Order[]>('GET', '/order?status=ordered&startDate=2026-11-18&endDate=2026-11-19', {
      token: barista,
    });
    expect(exact.body.map((o) => o.id)).not.toContain(old.body.id);
    const closing = await app.call('PATCH', '/cafe-status/all-close', { token: barista });
    expect(closing.status).toBe(409);
    expect(closing.body.code).toBe('ACTIVE_ORDERS');
    expect(closing.body.detail).toContain(`${menus.cafeMenu.name} (2026-11-17)`);
    await app.call('PATCH', `/order/barista/${old.body.id}`, { token: barista, body: { status: 'in-progress' } });
    expect((await board(barista, 'in-progress')).body.map((o) => o.id)).toContain(old.body.id);
    const done = await app.call<Order>('PATCH', `/order/barista/${old.body.id}`, {
      token: barista,
      body: { status: 'done' },
    });
    expect(done.body.status).toBe('done');
    expect((await app.call('PATCH', '/cafe-status/all-close', { token: barista })).status).toBe(200);
    // A finished order of yesterday is not on today's board, but its owner still has it to pick up.
    expect((await board(barista, 'done')).body.map((o) => o.id)).not.toContain(old.body.id);
    const owner = (await app.login(u.email, 'secret-pass-1')).accessToken; // a day later: signed in again
    const mine = await app.call<Order[]>('GET', '/order?startDate=2026-11-18&endDate=2026-11-18', { token: owner });
    expect(mine.body.map((o) => [o.id, o.status])).toContainEqual([old.body.id, 'done']);
    const picked = await app.call<Order>('PATCH', `/order/${old.body.id}`, {
      token: owner,
      body: { status: 'picked' },
    });
    expect(picked.body.status).toBe('picked');
  });

  it('lists a bar order placed while the bar is open on the board, where staff start, complete and hand it over', async () => {
    const { barista } = await staffTokens(app);
    expect((await app.call('PATCH', '/cafe-status/bar-open', { token: barista })).status).toBe(200);
    const u = await app.newUser('Bar Guest');
    const menus = await catalog(app, u.token);
    const placed = await app.call<Order>('POST', '/order', {
      token: u.token,
      body: { menu_id: menus.barMenu.id, type: 'cold', remark: '' },
    });
    expect(placed.status).toBe(201);
    const listed = (await board(barista, 'ordered')).body.find((o) => o.id === placed.body.id);
    expect(listed).toMatchObject({ menu: { category: { categoryFor: 'bar' } }, queue_at: 1 });
    for (const status of ['in-progress', 'done', 'picked']) {
      const res = await app.call<Order>('PATCH', `/order/barista/${placed.body.id}`, {
        token: barista,
        body: { status },
      });
      expect(res.body.status).toBe(status);
    }
    expect((await app.call('PATCH', '/cafe-status/all-close', { token: barista })).status).toBe(200);
  });

  it("carries an admin's own order finished after midnight onto the admin's today, where its Pick Up is", async () => {
    now = Date.parse('2026-11-18T10:00:00Z'); // Wednesday 17:00
    let { barista, admin } = await staffTokens(app);
    expect((await app.call('PATCH', '/cafe-status/cafe-open', { token: barista })).status).toBe(200);
    const menus = await catalog(app, admin);
    const own = await placeCafeOrder(app, admin, menus.cafeMenu.id, await uploadImage(app, admin));
    expect(own.status).toBe(201);
    now = Date.parse('2026-11-19T03:00:00Z'); // Thursday 10:00
    ({ barista, admin } = await staffTokens(app));
    for (const status of ['in-progress', 'done'])
      await app.call('PATCH', `/order/barista/${own.body.id}`, { token: barista, body: { status } });
    const today = '/order?startDate=2026-11-19&endDate=2026-11-19';
    const mine = await app.call<Order[]>('GET', today, { token: admin });
    expect(mine.body.map((o) => [o.id, o.status])).toContainEqual([own.body.id, 'done']);
    // Another staff member's today carries only what waits on the queue.
    const others = await app.call<Order[]>('GET', today, { token: barista });
    expect(others.body.map((o) => o.id)).not.toContain(own.body.id);
    const picked = await app.call<Order>('PATCH', `/order/${own.body.id}`, {
      token: admin,
      body: { status: 'picked' },
    });
    expect(picked.body.status).toBe('picked');
    expect((await app.call('PATCH', '/cafe-status/all-close', { token: barista })).status).toBe(200);
  });
});
