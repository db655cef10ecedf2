import { afterEach, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, placeCafeOrder, problem, uploadImage } from './fixtures.js';

// 2026-11-20 is a Friday; Asia/Bangkok is UTC+7 all year.
describe('time rules with a pinned clock (Asia/Bangkok)', () => {
  let app: TestServer | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function orderAt(fakeNow: string) {
    app = await startTestServer({ FAKE_NOW: fakeNow });
    const u = await app.newUser();
    const menus = await catalog(app, u.token);
    const image = await uploadImage(app, u.token);
    return { u, menus, image, server: app };
  }

  it('takes cafe orders on Friday at 11:59', async () => {
    const { u, menus, image, server } = await orderAt('2026-11-20T04:59:00Z');
    expect((await placeCafeOrder(server, u.token, menus.cafeMenu.id, image)).status).toBe(201);
  });

  it('refuses cafe orders on Friday from 12:00 with CAFE_CLOSING_FRIDAY', async () => {
    const { u, menus, image, server } = await orderAt('2026-11-20T05:00:00Z');
    const res = await placeCafeOrder(server, u.token, menus.cafeMenu.id, image);
    expect(res.status).toBe(409);
    expect(problem(res).code).toBe('CAFE_CLOSING_FRIDAY');
  });

  it('starts a new business day at midnight Bangkok time, not UTC', async () => {
    let now = new Date('2026-11-18T16:59:00Z'); // Wednesday 23:59 in Bangkok
    app = await startTestServer({}, { clock: () => now });
    const server = app;
    const u = await server.newUser();
    const menus = await catalog(server, u.token);
    const image = await uploadImage(server, u.token);
    expect((await placeCafeOrder(server, u.token, menus.cafeMenu.id, image)).status).toBe(201);
    expect((await placeCafeOrder(server, u.token, menus.cafeMenu.id, image)).status).toBe(201);
    expect(problem(await placeCafeOrder(server, u.token, menus.cafeMenu.id, image)).code).toBe('ORDER_LIMIT_REACHED');
    now = new Date('2026-11-18T17:00:00Z'); // Thursday 00:00 in Bangkok, still Wednesday in UTC
    expect((await server.call('GET', '/order/count/user', { token: u.token })).body).toEqual({ totalOrder: 0 });
    expect((await placeCafeOrder(server, u.token, menus.cafeMenu.id, image)).status).toBe(201);
  });
});
