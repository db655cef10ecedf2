import type { Order, User } from '@drinks/contracts';
import { ORDER_PAGE_MAX, USER_PAGE_MAX } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, placeCafeOrder, problem, staffTokens, uploadImage } from './fixtures.js';

// Lists that grow for ever (every order, every user) answer one capped page at a time, and say where
// the next one starts.
describe('paged lists over HTTP', () => {
  let app: TestServer;
  let staff: { barista: string; admin: string };
  beforeAll(async () => {
    app = await startTestServer();
    staff = await staffTokens(app);
    const menus = await catalog(app, staff.barista);
    for (const name of ['Page One', 'Page Two', 'Page Three']) {
      const u = await app.newUser(name);
      await placeCafeOrder(app, u.token, menus.cafeMenu.id, await uploadImage(app, u.token));
    }
  });
  afterAll(() => app.close());

  it('pages GET /order for staff in placement order, with Link rel=next while pages are full', async () => {
    const all = await app.call<Order[]>('GET', '/order', { token: staff.barista });
    expect(all.body).toHaveLength(3);
    expect(all.headers.get('link')).toBeNull();
    const first = await app.call<Order[]>('GET', '/order?status=ordered&limit=2', { token: staff.barista });
    expect(first.body.map((o) => o.id)).toEqual(all.body.slice(0, 2).map((o) => o.id));
    expect(first.headers.get('link')).toBe('</api/order?status=ordered&limit=2&offset=2>; rel="next"');
    const next = await app.call<Order[]>('GET', '/order?status=ordered&limit=2&offset=2', { token: staff.barista });
    expect(next.body.map((o) => o.id)).toEqual([all.body[2]!.id]);
    expect(next.headers.get('link')).toBeNull();
  });

  it('takes several statuses comma-separated or as the key repeated, and refuses an unknown one either way', async () => {
    const comma = await app.call<Order[]>('GET', '/order?status=ordered,done', { token: staff.barista });
    const repeated = await app.call<Order[]>('GET', '/order?status=ordered&status=done', { token: staff.barista });
    expect(repeated.status).toBe(200);
    expect(repeated.body.map((o) => o.id)).toEqual(comma.body.map((o) => o.id));
    expect(comma.body).toHaveLength(3);
    const unknown = await app.call('GET', '/order?status=ordered&status=brewing', { token: staff.barista });
    expect(unknown.status).toBe(400);
    expect(problem(unknown).errors[0]?.path).toMatch(/^status/);
  });

  it('pages GET /user for admins', async () => {
    const all = await app.call<User[]>('GET', '/user', { token: staff.admin });
    const page = await app.call<User[]>('GET', '/user?limit=2&offset=1', { token: staff.admin });
    expect(page.body.map((u) => u.id)).toEqual(all.body.slice(1, 3).map((u) => u.id));
    expect(page.headers.get('link')).toBe('</api/user?limit=2&offset=3>; rel="next"');
  });

  it('refuses a page above the cap or a negative offset with 400, naming the parameter', async () => {
    const tooMany = await app.call('GET', `/order?limit=${ORDER_PAGE_MAX + 1}`, { token: staff.barista });
    expect(tooMany.status).toBe(400);
    expect(problem(tooMany).errors?.[0]?.path).toBe('limit');
    const users = await app.call('GET', `/user?limit=${USER_PAGE_MAX + 1}`, { token: staff.admin });
    expect(users.status).toBe(400);
    const negative = await app.call('GET', '/order?offset=-1', { token: staff.barista });
    expect(negative.status).toBe(400);
    expect(problem(negative).errors?.[0]?.path).toBe('offset');
  });
});
