import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITH_PG } from '../../test-support/db.js';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, placeCafeOrder, staffTokens, uploadImage } from './fixtures.js';

const BACKENDS = [
  ['sqlite', {}],
  ...(WITH_PG
    ? [['pg', { DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' }] as const]
    : []),
] as const;

// PostgreSQL stores no NUL in text: a query carrying one failed there (500) where SQLite answered.
describe.each(BACKENDS)('a NUL character (U+0000) in what a call carries, on %s', (_backend, env) => {
  let app: TestServer;
  let staff: { barista: string; admin: string };
  let user: { id: string; token: string };
  beforeAll(async () => {
    app = await startTestServer(env);
    staff = await staffTokens(app);
    user = await app.newUser('Nul Tester');
  });
  afterAll(() => app.close());

  const noServerFault = () =>
    expect(app.logged.filter((l) => l.msg === 'unhandled error').map((l) => JSON.stringify(l.err))).toEqual([]);

  it('in a path id: 404, as for any id that names nothing', async () => {
    const calls: [string, string, string, unknown?][] = [
      ['GET', '/order/a%00b', user.token],
      ['GET', '/order/a%00b/timeline', user.token],
      ['PATCH', '/order/a%00b', user.token, { status: 'cancel' }],
      ['PATCH', '/order/barista/a%00b', staff.barista, { status: 'in-progress' }],
      ['GET', '/category/a%00b', user.token],
      ['PATCH', '/menu/a%00b', staff.barista, { isActive: 'inactive' }],
      ['PATCH', '/user/a%00b', staff.admin, { isAvailable: false }],
      ['DELETE', '/pickup-screen/keys/a%00b', staff.admin],
    ];
    for (const [method, path, token, body] of calls) {
      const res = await app.call(method, path, { token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    noServerFault();
  });

  it('in a body id: 400 VALIDATION_FAILED naming the field', async () => {
    const { cafe } = await catalog(app, user.token);
    const image = await uploadImage(app, user.token);
    const order = await placeCafeOrder(app, user.token, 'a\u0000b', image);
    expect(order.status).toBe(400);
    expect(order.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'menu_id' }] });
    const menu = await app.call('POST', '/menu', {
      token: staff.barista,
      body: { name: 'Nul Latte', description: 'x', category_id: `${cafe.id}\u0000` },
    });
    expect(menu.status).toBe(400);
    expect(menu.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'category_id' }] });
    // Refused for every text a body carries, on both databases alike, not only for ids.
    const rename = await app.call('PATCH', '/user', { token: user.token, body: { name: 'Nul\u0000Tester' } });
    expect(rename.status).toBe(400);
    expect(rename.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'name' }] });
    noServerFault();
  });

  it('in the sign-in email: 401 INVALID_CREDENTIALS, logged as a failed sign-in', async () => {
    const before = app.logged.length;
    const res = await app.call('POST', '/auth/v2/login', {
      body: { email: 'user@woxa.tech\u0000', password: 'password123' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(app.logged.slice(before).filter((l) => l.security === 'login-failed')).toHaveLength(1);
    noServerFault();
  });
});
