import { addDays, businessDay, type Order } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITH_PG } from '../../test-support/db.js';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, placeCafeOrder, problem, staffTokens, uploadImage } from './fixtures.js';
import { testNow } from '../../test-support/business-clock.js';

const BACKENDS = [
  ['sqlite', {}],
  ...(WITH_PG
    ? [['pg', { DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' }] as const]
    : []),
] as const;

describe.each(BACKENDS)('orders over HTTP on %s', (_backend, env) => {
  let app: TestServer;
  let staff: { barista: string; admin: string };
  let menus: Awaited<ReturnType<typeof catalog>>;
  beforeAll(async () => {
    app = await startTestServer(env);
    staff = await staffTokens(app);
    menus = await catalog(app, staff.barista);
  });
  afterAll(() => app.close());

  const barista = (id: string, body: unknown) =>
    app.call<Order>('PATCH', `/order/barista/${id}`, { token: staff.barista, body });

  describe('PlaceOrder', () => {
    it('answers 201 with the order, ordered, first in the queue of an empty cafe', async () => {
      const u = await app.newUser('Placer');
      const image = await uploadImage(app, u.token);
      const res = await placeCafeOrder(app, u.token, menus.cafeMenu.id, image, { remark: '', menu_name: 'Fake name' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        status: 'ordered',
        type: 'hot',
        sweetness: 50,
        remark: '-',
        reject_note: null,
        tumblerImage: image,
        user: { id: u.id, name: 'Placer' },
        menu: { id: menus.cafeMenu.id, name: menus.cafeMenu.name, category: { categoryFor: 'cafe' } },
      });
      expect(res.body.queue_at).toBeGreaterThanOrEqual(1);
      const again = await app.call<Order>('GET', `/order/${res.body.id}`, { token: u.token });
      expect(again.body.id).toBe(res.body.id);
      await barista(res.body.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });

    it('refuses bad input with 400 and changes nothing', async () => {
      const u = await app.newUser();
      const image = await uploadImage(app, u.token);
      const bad = [
        { type: 'warm' },
        { sweetness: 33 },
        { tumblerImage: null },
        { tumblerImage: '/api/images/0123456789abcdef0123456789abcdef.jpg' },
        { remark: 'x'.repeat(51) },
        { remark: undefined },
        // Shown to staff as written: a mark that reverses what follows, or a terminal escape.
        { remark: '\u202eevil' },
        { remark: 'esc\u001b[2J' },
        { type: null },
      ];
      for (const extra of bad) {
        const res = await placeCafeOrder(app, u.token, menus.cafeMenu.id, image, extra);
        expect(res.status, JSON.stringify(extra)).toBe(400);
        expect(problem(res).code).toBe('VALIDATION_FAILED');
      }
      expect((await app.call('GET', '/order/count/user', { token: u.token })).body).toEqual({ totalOrder: 0 });
    });

    it('allows 2 a day, refuses the third with ORDER_LIMIT_REACHED, and a cancel frees a place', async () => {
      const u = await app.newUser();
      const image = await uploadImage(app, u.token);
      const a = await placeCafeOrder(app, u.token, menus.cafeMenu.id, image);
      const b = await placeCafeOrder(app, u.token, menus.cafeMenu2.id, image);
      expect([a.status, b.status]).toEqual([201, 201]);
      const c = await placeCafeOrder(app, u.token, menus.cafeMenu.id, image);
      expect(c.status).toBe(409);
      expect(c.body).toMatchObject({ code: 'ORDER_LIMIT_REACHED', detail: 'You already reached your order limit!' });
      expect((await app.call('GET', '/order/count/user', { token: u.token })).body).toEqual({ totalOrder: 2 });
      const cancel = await app.call<Order>('PATCH', `/order/${a.body.id}`, {
        token: u.token,
        body: { status: 'cancel' },
      });
      expect(cancel.body.status).toBe('cancel');
      expect(cancel.body.queue_at).toBeNull();
      expect((await app.call('GET', '/order/count/user', { token: u.token })).body).toEqual({ totalOrder: 1 });
      const d = await placeCafeOrder(app, u.token, menus.cafeMenu.id, image);
      expect(d.status).toBe(201);
      for (const o of [b.body, d.body]) await barista(o.id, { status: 'rejected', reject_note: 'The shop is closing' });
    });

    it('holds the limit when 10 requests race', async () => {
      const u = await app.newUser();
      const image = await uploadImage(app, u.token);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => placeCafeOrder(app, u.token, menus.cafeMenu.id, image)),
      );
      const created = results.filter((r) => r.status === 201);
      expect(created).toHaveLength(2);
      expect(results.filter((r) => r.status === 409).every((r) => problem(r).code === 'ORDER_LIMIT_REACHED')).toBe(
        true,
      );
      for (const o of created) await barista(o.body.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });

    /** A new customer with a photo, a cafe order's body for them, and `post`: POST /order under `key`. */
    async function keyed(key: string, fields: Record<string, unknown> = {}) {
      const u = await app.newUser();
      const image = await uploadImage(app, u.token);
      const headers = { 'Idempotency-Key': key };
      const body = {
        menu_id: menus.cafeMenu.id,
        type: 'cold',
        sweetness: 0,
        remark: 'x',
        tumblerImage: image,
        ...fields,
      };
      const post = (b: object = body, path = '/order') =>
        app.call<Order>('POST', path, { token: u.token, body: b, headers });
      return { u, body, post };
    }

    it('an Idempotency-Key repeated returns the first order and places nothing', async () => {
      const { u, body, post } = await keyed('same-key-1');
      const first = await post();
      const second = await post();
      expect(first.status).toBe(201);
      expect(second.body.id).toBe(first.body.id);
      expect((await app.call('GET', '/order/count/user', { token: u.token })).body).toEqual({ totalOrder: 1 });
      // At the limit, deciding again would refuse: the repeat still answers as the first call did.
      const other = await app.call<Order>('POST', '/order', { token: u.token, body });
      const third = await post();
      expect(third.status).toBe(201);
      expect(third.body.id).toBe(first.body.id);
      expect((await app.call('GET', '/order/count/user', { token: u.token })).body).toEqual({ totalOrder: 2 });
      for (const o of [first.body, other.body])
        await barista(o.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });

    it('an Idempotency-Key repeated with another body answers 409 IDEMPOTENCY_KEY_REUSED (API.md lists no 422) and places nothing', async () => {
      const { u, body, post } = await keyed('reused-key-1');
      const first = await post();
      expect(first.status).toBe(201);
      const changed = await post({ ...body, remark: 'y' });
      expect(changed.status).toBe(409);
      expect(problem(changed).code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect((await app.call('GET', '/order/count/user', { token: u.token })).body).toEqual({ totalOrder: 1 });
      await barista(first.body.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });

    it('an Idempotency-Key repeated with the same fields in another order is the same body', async () => {
      const { u, body, post } = await keyed('reordered-key-1');
      const first = await post();
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      const again = await post(reordered);
      expect([first.status, again.status]).toEqual([201, 201]);
      expect(again.body.id).toBe(first.body.id);
      expect((await app.call('GET', '/order/count/user', { token: u.token })).body).toEqual({ totalOrder: 1 });
      await barista(first.body.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });

    it('a key whose first call was malformed can be used again with a good body', async () => {
      const { body, post } = await keyed('fixed-key-1');
      expect((await post({ ...body, sweetness: 3 })).status).toBe(400);
      const fixed = await post();
      expect(fixed.status).toBe(201);
      await barista(fixed.body.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });

    it('a key whose first body the order rules refused (400) places the corrected body', async () => {
      const { body, post } = await keyed('fixed-key-2');
      const { sweetness: _, ...withoutSweetness } = body;
      const refused = await post(withoutSweetness);
      expect(refused.status).toBe(400);
      expect(problem(refused).errors).toEqual([expect.objectContaining({ path: 'sweetness' })]);
      const fixed = await post();
      expect(fixed.status).toBe(201);
      expect(fixed.body).toMatchObject({ status: 'ordered', sweetness: 0 });
      await barista(fixed.body.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });

    it('a repeated key answers the first answer as it was, even after the order moved on', async () => {
      const { u, post } = await keyed('first-answer-1', { type: 'hot', sweetness: 50, remark: '' });
      const first = await post();
      expect(first.status).toBe(201);
      const cancel = { status: 'cancel' };
      const cancelKey = { 'Idempotency-Key': 'first-answer-cancel' };
      const cancelled = await app.call<Order>('PATCH', `/order/${first.body.id}`, {
        token: u.token,
        body: cancel,
        headers: cancelKey,
      });
      expect(cancelled.body.status).toBe('cancel');
      const repeat = await post();
      expect(repeat.status).toBe(201);
      expect(repeat.body).toEqual(first.body);
      const cancelAgain = await app.call('PATCH', `/order/${first.body.id}`, {
        token: u.token,
        body: cancel,
        headers: cancelKey,
      });
      expect(cancelAgain.status).toBe(200);
      expect(cancelAgain.body).toEqual(cancelled.body);
    });

    it("a key is one call whatever the path's case or a trailing slash", async () => {
      const { u, body, post } = await keyed('one-path-1');
      const first = await post();
      const slash = await post(body, '/order/');
      const upper = await post(body, '/Order');
      expect([first.status, slash.status, upper.status]).toEqual([201, 201, 201]);
      expect(slash.body.id).toBe(first.body.id);
      expect(upper.body.id).toBe(first.body.id);
      expect((await app.call('GET', '/order/count/user', { token: u.token })).body).toEqual({ totalOrder: 1 });
      await barista(first.body.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });

    it('a key first refused stays refused, even after a cancel makes room', async () => {
      const u = await app.newUser();
      const image = await uploadImage(app, u.token);
      const a = await placeCafeOrder(app, u.token, menus.cafeMenu.id, image);
      const b = await placeCafeOrder(app, u.token, menus.cafeMenu.id, image);
      const headers = { 'Idempotency-Key': 'refused-once' };
      const body = { menu_id: menus.cafeMenu.id, type: 'hot', sweetness: 0, remark: '', tumblerImage: image };
      expect((await app.call('POST', '/order', { token: u.token, body, headers })).body.code).toBe(
        'ORDER_LIMIT_REACHED',
      );
      await app.call('PATCH', `/order/${a.body.id}`, { token: u.token, body: { status: 'cancel' } });
      const repeat = await app.call('POST', '/order', { token: u.token, body, headers });
      expect(repeat.status).toBe(409);
      expect(repeat.body.code).toBe('ORDER_LIMIT_REACHED');
      // Another body under that key is not a repeat: refused as after a success, not answered with the old 409.
      const changed = await app.call('POST', '/order', { token: u.token, body: { ...body, remark: 'y' }, headers });
      expect(changed.status).toBe(409);
      expect(changed.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect((await app.call('GET', '/order/count/user', { token: u.token })).body).toEqual({ totalOrder: 1 });
      await barista(b.body.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });

    it('refuses an inactive menu with MENU_INACTIVE, and a bar item while the bar is closed with SHOP_CLOSED', async () => {
      const u = await app.newUser();
      const image = await uploadImage(app, u.token);
      await app.call('PATCH', `/menu/${menus.cafeMenu2.id}`, { token: staff.barista, body: { isActive: 'inactive' } });
      const res = await placeCafeOrder(app, u.token, menus.cafeMenu2.id, image);
      expect(res.status).toBe(409);
      expect(problem(res).code).toBe('MENU_INACTIVE');
      await app.call('PATCH', `/menu/${menus.cafeMenu2.id}`, { token: staff.barista, body: { isActive: 'active' } });
      const bar = await app.call('POST', '/order', {
        token: u.token,
        body: { menu_id: menus.barMenu.id, type: 'cold', remark: '' },
      });
      expect(bar.status).toBe(409);
      expect(bar.body.code).toBe('SHOP_CLOSED');
    });
  });

  describe('transitions', () => {
    it('walks ordered → in-progress → done → picked, refusing everything else with 409', async () => {
      const u = await app.newUser();
      const image = await uploadImage(app, u.token);
      const order = (await placeCafeOrder(app, u.token, menus.cafeMenu.id, image)).body;
      expect(
        (await app.call('PATCH', `/order/${order.id}`, { token: u.token, body: { status: 'picked' } })).status,
      ).toBe(409);
      expect((await barista(order.id, { status: 'done' })).status).toBe(409);
      const started = await barista(order.id, { status: 'in-progress' });
      expect(started.status).toBe(200);
      expect(started.body.status).toBe('in-progress');
      expect(
        (await app.call('PATCH', `/order/${order.id}`, { token: u.token, body: { status: 'cancel' } })).status,
      ).toBe(409);
      expect((await barista(order.id, { status: 'done' })).body.status).toBe('done');
      expect((await barista(order.id, { status: 'rejected', reject_note: 'Machine Failure' })).status).toBe(409);
      const picked = await app.call<Order>('PATCH', `/order/${order.id}`, {
        token: u.token,
        body: { status: 'picked' },
      });
      expect(picked.body.status).toBe('picked');
      expect(picked.body.queue_at).toBeNull();
    });

    it('a rejection needs a preset or 1–27 characters not starting with a space', async () => {
      const u = await app.newUser();
      const image = await uploadImage(app, u.token);
      const order = (await placeCafeOrder(app, u.token, menus.cafeMenu.id, image)).body;
      for (const note of ['', ' leading', 'x'.repeat(28), '\u200b']) {
        expect((await barista(order.id, { status: 'rejected', reject_note: note })).status).toBe(400);
      }
      // Each reason once, however many of the schema's checks found it.
      expect((await barista(order.id, { status: 'rejected', reject_note: '' })).body).toMatchObject({
        detail: 'reject_note: A reason is required.',
        errors: [{ path: 'reject_note', message: 'A reason is required.' }],
      });
      const ok = await barista(order.id, { status: 'rejected', reject_note: 'Out of oat milk' });
      expect(ok.body).toMatchObject({ status: 'rejected', reject_note: 'Out of oat milk' });
    });

    it('only the owner cancels or picks up; another user sees 404 and nothing in lists', async () => {
      const owner = await app.newUser();
      const other = await app.newUser();
      const image = await uploadImage(app, owner.token);
      const order = (await placeCafeOrder(app, owner.token, menus.cafeMenu.id, image)).body;
      expect((await app.call('GET', `/order/${order.id}`, { token: other.token })).status).toBe(404);
      expect(
        (await app.call('PATCH', `/order/${order.id}`, { token: other.token, body: { status: 'cancel' } })).status,
      ).toBe(404);
      const list = await app.call<Order[]>('GET', '/order', { token: other.token });
      expect(list.body.map((o) => o.id)).not.toContain(order.id);
      const history = await app.call<Order[]>('GET', '/order/history/user', { token: other.token });
      expect(history.body.map((o) => o.id)).not.toContain(order.id);
      expect((await barista(order.id, { status: 'in-progress' })).status).toBe(200);
      expect(
        (await app.call('PATCH', `/order/barista/${order.id}`, { token: owner.token, body: { status: 'done' } }))
          .status,
      ).toBe(403);
      await barista(order.id, { status: 'rejected', reject_note: 'Machine Failure' });
    });
  });

  describe('queue, counts and statistics', () => {
    it('numbers the queue per area in placement order and moves it as orders leave', async () => {
      const users = [await app.newUser(), await app.newUser(), await app.newUser()];
      const orders: Order[] = [];
      for (const u of users)
        orders.push((await placeCafeOrder(app, u.token, menus.cafeMenu.id, await uploadImage(app, u.token))).body);
      const q = async (i: number) =>
        (await app.call<Order[]>('GET', '/order/my-queue', { token: users[i]!.token })).body[0]!.queue_at;
      const [q0, q1, q2] = [await q(0), await q(1), await q(2)];
      expect(q1).toBe(q0! + 1);
      expect(q2).toBe(q0! + 2);
      await barista(orders[0]!.id, { status: 'in-progress' });
      await barista(orders[0]!.id, { status: 'done' });
      expect(await q(2)).toBe(q2! - 1);
      for (const o of orders.slice(1)) await barista(o.id, { status: 'rejected', reject_note: 'Machine Failure' });
      await app.call('PATCH', `/order/${orders[0]!.id}`, { token: users[0]!.token, body: { status: 'picked' } });
    });

    it('counts totals and popularity excluding cancel and rejected, summarises today by status, refuses impossible dates', async () => {
      const fresh = await startTestServer(env);
      try {
        const s = await staffTokens(fresh);
        const m = await catalog(fresh, s.barista);
        const u1 = await fresh.newUser();
        const u2 = await fresh.newUser();
        const img = await uploadImage(fresh, u1.token);
        const a = (await placeCafeOrder(fresh, u1.token, m.cafeMenu.id, img)).body;
        const b = (await placeCafeOrder(fresh, u1.token, m.cafeMenu.id, img)).body;
        const c = (await placeCafeOrder(fresh, u2.token, m.cafeMenu2.id, img)).body;
        await fresh.call('PATCH', `/order/${c.id}`, { token: u2.token, body: { status: 'cancel' } });
        await fresh.call('PATCH', `/order/barista/${b.id}`, { token: s.barista, body: { status: 'in-progress' } });
        const total = await fresh.call('GET', '/order/count/total?categoryFor=cafe', { token: s.admin });
        expect(total.body).toEqual({ totalOrder: 2 });
        const popular = await fresh.call('GET', '/order/find/popular-menu?categoryFor=cafe', { token: s.admin });
        expect(popular.body).toEqual([
          { Menu_name: m.cafeMenu.name, categoryName: m.cafe.name, categoryFor: 'cafe', totalOrder: 2 },
        ]);
        const summary = await fresh.call('GET', '/order/summary', { token: s.admin });
        expect(summary.body).toEqual({
          total: 3,
          counted: 2,
          byStatus: { ordered: 1, 'in-progress': 1, done: 0, picked: 0, rejected: 0, cancel: 1 },
        });
        const ordered = await fresh.call<Order[]>('GET', '/order?status=ordered', { token: s.barista });
        expect(ordered.body.map((o) => o.id)).toEqual([a.id]);
        const today = businessDay(testNow(), 'Asia/Bangkok');
        const board = await fresh.call<Order[]>('GET', `/order?status=ordered&startDate=${today}&endDate=${today}`, {
          token: s.barista,
        });
        expect(board.body.map((o) => o.id)).toEqual([a.id]);
        const tomorrow = await fresh.call<Order[]>(
          'GET',
          `/order?startDate=${addDays(today, 1)}&endDate=${addDays(today, 2)}`,
          { token: s.barista },
        );
        expect(tomorrow.body).toEqual([]);
        const history = await fresh.call<Order[]>('GET', '/order/history/user', { token: u2.token });
        expect(history.body.map((o) => o.id)).toEqual([c.id]);
        const staffHistory = await fresh.call<Order[]>('GET', '/order/history/user', { token: s.barista });
        expect(staffHistory.body[0]!.id).toBe(b.id);
        const busy = await fresh.call('PATCH', '/cafe-status/all-close', { token: s.barista });
        expect(busy.status).toBe(409);
        expect(busy.body.code).toBe('ACTIVE_ORDERS');
        const future = await fresh.call('GET', '/order/count/total?startDate=2999-01-01', { token: s.admin });
        expect(future.body).toEqual({ totalOrder: 0 });
        // An offset's `+` left unencoded arrives as a space: read as the offset it was.
        const midnight = `${today}T00:00:00+07:00`;
        const plain = await fresh.call('GET', `/order/count/total?startDate=${midnight}`, { token: s.admin });
        const encoded = await fresh.call('GET', `/order/count/total?startDate=${encodeURIComponent(midnight)}`, {
          token: s.admin,
        });
        expect(plain.status).toBe(200);
        expect(plain.body).toEqual(encoded.body);
        const fromToday = await fresh.call('GET', `/order/count/total?startDate=${today}`, { token: s.admin });
        expect(encoded.body).toEqual(fromToday.body);
        expect((fromToday.body as { totalOrder: number }).totalOrder).toBeGreaterThan(0);
        // An offset without its colon is not RFC 3339's: the answer shows the form that is read.
        const basic = await fresh.call('GET', '/order?startDate=2026-11-26T10:00:00%2B0700', { token: s.admin });
        expect(basic.status).toBe(400);
        expect(basic.body.detail).toContain('an offset like +07:00');
        // An unknown status is named with the ones there are.
        const unknown = await fresh.call('GET', '/order?status=ready', { token: s.admin });
        expect(unknown.status).toBe(400);
        expect(unknown.body.detail).toContain('Expected one of ordered, in-progress, done, picked, rejected, cancel');
        for (const query of [
          '/order?startDate=2026-02-30',
          '/order/summary?date=2026-13-45',
          '/order/count/total?startDate=hello%205',
          '/order/find/popular-menu?endDate=2026-11-26T25:00:00Z',
          // In UTC past the year 9999: compared as text, it came before every date and listed every order.
          '/order?startDate=9999-12-31T23:59:59-23:59',
          '/order/history/user?endDate=9999-12-31T23:59:59-23:59',
          // A list in brackets (axios's default): dropped as unknown, it listed orders of every status.
          '/order?status[]=ordered',
          '/order?status%5B0%5D=done&status%5B1%5D=ordered',
          '/order/history/user?status[]=picked',
          // Swapped: an end before the start.
          '/order?startDate=2026-11-27&endDate=2026-11-26',
          '/order/count/total?startDate=2026-11-27T10:00:00Z&endDate=2026-11-27T09:59:59Z',
          '/order/find/popular-menu?startDate=2026-11-27&endDate=2026-11-26',
          '/order/history/user?startDate=2026-11-27&endDate=2026-11-01',
        ]) {
          const refused = await fresh.call('GET', query, { token: s.admin });
          expect(refused.status, query).toBe(400);
          expect(refused.body.code, query).toBe('VALIDATION_FAILED');
        }
      } finally {
        await fresh.close();
      }
    });
  });
});
