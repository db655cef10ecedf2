import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, placeCafeOrder, staffTokens, uploadImage } from './fixtures.js';

describe('refused access in the security log', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer();
  });
  afterAll(() => app.close());

  const denied = () => app.logged.filter((l) => l.security === 'access-denied');

  it('logs a signed-in caller refused a call outside its role, or another user’s sign-out, with who and what', async () => {
    const user = (await app.login('user@woxa.tech')).accessToken;
    const { barista, admin } = await staffTokens(app);
    const adminId = (await app.call<{ id: string }>('GET', '/user/me', { token: admin })).body.id;
    const before = denied().length;
    expect((await app.call('GET', '/user', { token: user })).status).toBe(403);
    expect((await app.call('PATCH', `/user/${adminId}`, { token: barista, body: { role: 'barista' } })).status).toBe(
      403,
    );
    expect((await app.call('PATCH', '/cafe-status/all-close', { token: user })).status).toBe(403);
    const out = await app.call('PUT', `/user/${adminId}/push/disable`, { token: user, body: { status: 'INACTIVE' } });
    expect(out.status).toBe(403);
    expect(denied().slice(before)).toEqual([
      expect.objectContaining({ account: 'user@woxa.tech', role: 'user', method: 'GET', path: '/api/user' }),
      expect.objectContaining({
        account: 'barista@woxa.tech',
        role: 'barista',
        method: 'PATCH',
        path: `/api/user/${adminId}`,
      }),
      expect.objectContaining({ account: 'user@woxa.tech', method: 'PATCH', path: '/api/cafe-status/all-close' }),
      expect.objectContaining({ account: 'user@woxa.tech', method: 'PUT', path: `/api/user/${adminId}/push/disable` }),
    ]);
    for (const line of denied().slice(before))
      expect(line).toMatchObject({ address: '127.0.0.1', requestId: expect.any(String), status: 403 });
  });

  it('logs a user reaching for another user’s order, answered 404 as a missing one; a missing order is not logged', async () => {
    const owner = await app.newUser('Owner');
    const other = await app.newUser('Other');
    const { cafeMenu } = await catalog(app, owner.token);
    const order = await placeCafeOrder(app, owner.token, cafeMenu.id, await uploadImage(app, owner.token));
    expect(order.status).toBe(201);
    const before = denied().length;
    const read = await app.call('GET', `/order/${order.body.id}`, { token: other.token });
    const cancel = await app.call('PATCH', `/order/${order.body.id}`, {
      token: other.token,
      body: { status: 'cancel' },
    });
    const timeline = await app.call('GET', `/order/${order.body.id}/timeline`, { token: other.token });
    const missing = await app.call('GET', '/order/00000000-0000-4000-8000-000000000000', { token: other.token });
    for (const res of [read, cancel, timeline, missing])
      expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND', detail: 'Order not found.' });
    const path = `/api/order/${order.body.id}`;
    expect(denied().slice(before)).toEqual([
      expect.objectContaining({ account: other.email, method: 'GET', path, status: 404 }),
      expect.objectContaining({ account: other.email, method: 'PATCH', path, status: 404 }),
      expect.objectContaining({ account: other.email, method: 'GET', path: `${path}/timeline`, status: 404 }),
    ]);
    // The owner's own order is still theirs to cancel.
    const own = await app.call('PATCH', `/order/${order.body.id}`, { token: owner.token, body: { status: 'cancel' } });
    expect(own.status).toBe(200);
  });
});
