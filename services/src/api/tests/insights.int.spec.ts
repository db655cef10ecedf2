import {
  AlternativesResponse,
  AuditPage,
  EstimateResponse,
  OrderTimeline,
  ServiceStats,
  type Order,
  type User,
} from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, placeCafeOrder, staffTokens, uploadImage } from './fixtures.js';

// Monday 10:00 business time: the cafe takes orders.
const FAKE_NOW = '2025-03-03T03:00:00.000Z';

describe('insights over HTTP', () => {
  let app: TestServer;
  let staff: { barista: string; admin: string };
  let menus: Awaited<ReturnType<typeof catalog>>;
  let owner: { id: string; token: string };
  let other: { id: string; token: string };
  let baristaUser: User;
  let first: Order;
  beforeAll(async () => {
    app = await startTestServer({ FAKE_NOW });
    staff = await staffTokens(app);
    menus = await catalog(app, staff.barista);
    owner = await app.newUser('Owner');
    other = await app.newUser('Other');
    baristaUser = (await app.call<User>('GET', '/user/me', { token: staff.barista })).body;
    first = await place(owner.token);
  });
  afterAll(() => app.close());

  async function place(token: string): Promise<Order> {
    const res = await placeCafeOrder(app, token, menus.cafeMenu.id, await uploadImage(app, token));
    expect(res.status).toBe(201);
    return res.body;
  }
  const barista = (id: string, status: string) =>
    app.call<Order>('PATCH', `/order/barista/${id}`, { token: staff.barista, body: { status } });
  const get = <T>(path: string, token: string | null) => app.call<T>('GET', path, { token });

  describe('GET /order/{id}/timeline', () => {
    it("shows the owner and staff the order's events with who did them", async () => {
      await barista(first.id, 'in-progress');
      await barista(first.id, 'done');
      for (const token of [owner.token, staff.barista, staff.admin]) {
        const res = await get<OrderTimeline>(`/order/${first.id}/timeline`, token);
        expect(res.status).toBe(200);
        expect(OrderTimeline.parse(res.body)).toEqual(res.body);
        // A customer sees staff by first name (next test); staff see full names.
        const staffName = token === owner.token ? baristaUser.name.split(' ')[0] : baristaUser.name;
        expect(res.body.map((e) => [e.kind, e.by?.name])).toEqual([
          ['placed', 'Owner'],
          ['started', staffName],
          ['completed', staffName],
        ]);
        expect(res.body[0]!.minutesSincePrevious).toBeNull();
        expect(res.body[1]!.minutesSincePrevious).toBeGreaterThanOrEqual(0);
      }
    });

    it("shows a customer the staff's first names only, never their ids", async () => {
      await app.call('PATCH', '/user', { token: staff.barista, body: { name: 'Somchai Jaidee' } });
      const res = await get<OrderTimeline>(`/order/${first.id}/timeline`, owner.token);
      expect(res.body.map((e) => e.by)).toEqual([
        { id: owner.id, name: 'Owner' },
        { id: null, name: 'Somchai' },
        { id: null, name: 'Somchai' },
      ]);
      expect(JSON.stringify(res.body)).not.toContain(baristaUser.id);
      const staffView = await get<OrderTimeline>(`/order/${first.id}/timeline`, staff.admin);
      expect(staffView.body[1]!.by).toEqual({ id: baristaUser.id, name: 'Somchai Jaidee' });
      await app.call('PATCH', '/user', { token: staff.barista, body: { name: baristaUser.name } });
    });

    it("hides another user's order and an unknown one (404), and needs a sign-in (401)", async () => {
      expect((await get(`/order/${first.id}/timeline`, other.token)).status).toBe(404);
      expect((await get('/order/nope/timeline', staff.admin)).status).toBe(404);
      expect((await get(`/order/${first.id}/timeline`, null)).status).toBe(401);
    });
  });

  describe('GET /order/{id}/estimate', () => {
    it('gives a wide first guess (scope prior) while fewer than 8 orders were completed', async () => {
      const order = await place(other.token);
      const res = await get<EstimateResponse>(`/order/${order.id}/estimate`, other.token);
      expect(res.status).toBe(200);
      expect(res.body.basis).toEqual({ samples: 1, scope: 'prior' });
      expect(res.body.estimate!.highMinutes - res.body.estimate!.lowMinutes).toBeGreaterThanOrEqual(2);
      expect((await get(`/order/${order.id}/estimate`, owner.token)).status).toBe(404);
      expect((await get(`/order/${order.id}/estimate`, staff.barista)).status).toBe(200);
      await barista(order.id, 'in-progress');
      await barista(order.id, 'done');
    });

    it('gives a range in minutes once enough orders were completed', async () => {
      await barista((await place(owner.token)).id, 'in-progress');
      for (let i = 0; i < 3; i++) {
        const u = await app.newUser();
        for (let j = 0; j < 2; j++) {
          const o = await place(u.token);
          await barista(o.id, 'in-progress');
          await barista(o.id, 'done');
        }
      }
      const waiting = await app.newUser();
      const order = await place(waiting.token);
      const res = await get<EstimateResponse>(`/order/${order.id}/estimate`, waiting.token);
      expect(res.status).toBe(200);
      expect(EstimateResponse.parse(res.body)).toEqual(res.body);
      expect(res.body.basis).toEqual({ samples: 8, scope: 'area' });
      expect(res.body.estimate!.lowMinutes).toBeGreaterThanOrEqual(0);
      expect(res.body.estimate!.highMinutes).toBeGreaterThan(res.body.estimate!.lowMinutes);
    });
  });

  describe('GET /order/{id}/alternatives', () => {
    it("suggests up to 5 active, available menus of the order's area, without its own", async () => {
      const res = await get<AlternativesResponse>(`/order/${first.id}/alternatives`, owner.token);
      expect(res.status).toBe(200);
      expect(AlternativesResponse.parse(res.body)).toEqual(res.body);
      expect(res.body.length).toBe(5);
      const cafeIds = new Set(
        menus.categories.filter((c) => c.categoryFor === 'cafe').flatMap((c) => c.menu.map((m) => m.id)),
      );
      for (const m of res.body) expect(cafeIds.has(m.id)).toBe(true);
      expect(res.body.map((m) => m.id)).not.toContain(first.menu.id);
      expect(res.body[0]!.category_id).toBe(first.menu.category.id);

      const out = res.body[0]!;
      expect(
        (await app.call('PATCH', `/menu/${out.id}`, { token: staff.barista, body: { isActive: 'inactive' } })).status,
      ).toBe(200);
      const after = await get<AlternativesResponse>(`/order/${first.id}/alternatives`, owner.token);
      expect(after.body.map((m) => m.id)).not.toContain(out.id);
      await app.call('PATCH', `/menu/${out.id}`, { token: staff.barista, body: { isActive: 'active' } });
      expect((await get(`/order/${first.id}/alternatives`, other.token)).status).toBe(404);
    });
  });

  describe('GET /stats/service', () => {
    it('gives admins the waits, rejections, busy hours and mixes of the period', async () => {
      // Events carry the server's clock, which FAKE_NOW pins: the period is around that instant.
      const pinned = Date.parse(FAKE_NOW);
      const around = `startDate=${new Date(pinned - 3_600_000).toISOString()}&endDate=${new Date(pinned + 3_600_000).toISOString()}`;
      expect((await get('/stats/service', staff.admin)).status).toBe(200);
      const res = await get<ServiceStats>(`/stats/service?${around}`, staff.admin);
      expect(res.status).toBe(200);
      expect(ServiceStats.parse(res.body)).toEqual(res.body);
      expect(res.body.waitByDay.reduce((n, d) => n + d.orders, 0)).toBe(8);
      expect(res.body.typeMix).toEqual([{ type: 'hot', count: 10 }]);
      expect(res.body.busiestHours.reduce((n, h) => n + h.orders, 0)).toBe(10);
      const empty = await get<ServiceStats>('/stats/service?startDate=2020-01-01&endDate=2020-02-01', staff.admin);
      expect(empty.body.busiestHours).toEqual([]);
    });

    it('refuses baristas and users (403) and a bad date (400)', async () => {
      expect((await get('/stats/service', staff.barista)).status).toBe(403);
      expect((await get('/stats/service', owner.token)).status).toBe(403);
      expect((await get('/stats/service?startDate=yesterday', staff.admin)).status).toBe(400);
    });
  });

  describe('GET /audit', () => {
    it('lists events newest first for admins, filtered and paged', async () => {
      const all = await get<AuditPage>('/audit?limit=100', staff.admin);
      expect(all.status).toBe(200);
      expect(AuditPage.parse(all.body)).toEqual(all.body);
      const positions = all.body.items.map((i) => i.position);
      expect(positions).toEqual([...positions].sort((a, b) => b - a));

      const order = await get<AuditPage>(`/audit?entity=order:${first.id}`, staff.admin);
      expect(order.body.items.map((i) => i.type)).toEqual(['OrderCompleted', 'OrderStarted', 'OrderPlaced']);
      expect(order.body.items[0]!.actor).toEqual({ id: baristaUser.id, name: baristaUser.name });

      const byType = await get<AuditPage>('/audit?type=OrderPlaced,OrderStarted&actor=' + owner.id, staff.admin);
      expect(byType.body.items.map((i) => i.type)).toEqual(['OrderPlaced', 'OrderPlaced']);

      const page1 = await get<AuditPage>('/audit?limit=2', staff.admin);
      expect(page1.body.items).toHaveLength(2);
      const page2 = await get<AuditPage>(`/audit?limit=2&before=${page1.body.nextBefore}`, staff.admin);
      expect(page2.body.items.map((i) => i.position)).toEqual(positions.slice(2, 4));
      const later = await get<AuditPage>('/audit?startDate=2999-01-01', staff.admin);
      expect(later.body).toEqual({ items: [], nextBefore: null });
    });

    it('refuses baristas and users (403) and bad queries (400)', async () => {
      expect((await get('/audit', staff.barista)).status).toBe(403);
      expect((await get('/audit', owner.token)).status).toBe(403);
      expect((await get('/audit', null)).status).toBe(401);
      expect((await get('/audit?limit=500', staff.admin)).status).toBe(400);
      expect((await get('/audit?type=Bogus', staff.admin)).status).toBe(400);
      expect((await get('/audit?before=abc', staff.admin)).status).toBe(400);
    });
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = await get<{ paths: Record<string, unknown> }>('/openapi.json', null);
    for (const p of [
      '/api/order/{id}/timeline',
      '/api/order/{id}/estimate',
      '/api/order/{id}/alternatives',
      '/api/stats/service',
      '/api/audit',
    ]) {
      expect(doc.body.paths).toHaveProperty([p]);
    }
  });
});
