import type { Tokens } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashScrypt } from '../../auth/passwords.js';
import { type TestServer, startTestServer } from '../../test-support/server.js';

const DAY = 24 * 3600 * 1000;

describe('sessions', () => {
  let app: TestServer;
  let now = Date.parse('2025-03-03T03:00:00Z');
  beforeAll(async () => {
    app = await startTestServer({ SESSION_MAX_SECONDS: String(7 * 24 * 3600) }, { clock: () => new Date(now) });
  });
  afterAll(() => app.close());

  const refresh = (refreshToken: string) => app.call<Tokens>('POST', '/auth/refresh-token', { body: { refreshToken } });

  describe('when a user logs out', () => {
    it('refuses its access token at once', async () => {
      const u = await app.newUser();
      expect((await app.call('GET', '/user/me', { token: u.token })).status).toBe(200);
      const out = await app.call('PUT', `/user/${u.id}/push/disable`, { token: u.token, body: { status: 'INACTIVE' } });
      expect(out.status).toBe(204);
      expect((await app.call('GET', '/user/me', { token: u.token })).status).toBe(401);
    });

    it('lets a later sign-in work', async () => {
      const u = await app.newUser();
      await app.call('PUT', `/user/${u.id}/push/disable`, { token: u.token, body: { status: 'INACTIVE' } });
      now += 1000;
      const again = await app.login(u.email, 'secret-pass-1');
      expect((await app.call('GET', '/user/me', { token: again.accessToken })).status).toBe(200);
    });
  });

  /** A live socket signed in with the token; resolves once the server said hello. */
  const socket = async (token: string) => {
    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/api/websockets`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token, hello: true })));
    await new Promise((resolve) => ws.once('message', resolve));
    return { ws, closed };
  };

  describe('when a user with a live socket logs out, is disabled or changes role', () => {
    it('closes the socket (4401) each time', async () => {
      const admin = (await app.login('admin@woxa.tech')).accessToken;
      const out = await app.newUser();
      const outSocket = await socket(out.token);
      await app.call('PUT', `/user/${out.id}/push/disable`, { token: out.token, body: { status: 'INACTIVE' } });
      expect(await outSocket.closed).toBe(4401);

      const disabled = await app.newUser();
      const disabledSocket = await socket(disabled.token);
      await app.call('PATCH', `/user/${disabled.id}`, { token: admin, body: { isAvailable: false } });
      expect(await disabledSocket.closed).toBe(4401);

      const promoted = await app.newUser();
      const promotedSocket = await socket(promoted.token);
      await app.call('PATCH', `/user/${promoted.id}`, { token: admin, body: { role: 'barista' } });
      expect(await promotedSocket.closed).toBe(4401);
    });
  });

  describe('when an admin disables a user', () => {
    it('refuses to rotate its refresh token', async () => {
      const u = await app.newUser();
      const tokens = await app.login(u.email, 'secret-pass-1');
      const admin = (await app.login('admin@woxa.tech')).accessToken;
      expect((await app.call('PATCH', `/user/${u.id}`, { token: admin, body: { isAvailable: false } })).status).toBe(
        200,
      );
      expect((await refresh(tokens.refreshToken)).status).toBe(401);
    });

    it('leaves none of its tokens working once it is enabled again: it signs in anew', async () => {
      const u = await app.newUser();
      const tokens = await app.login(u.email, 'secret-pass-1');
      const admin = (await app.login('admin@woxa.tech')).accessToken;
      for (const isAvailable of [false, true])
        expect((await app.call('PATCH', `/user/${u.id}`, { token: admin, body: { isAvailable } })).status).toBe(200);
      expect((await app.call('GET', '/user/me', { token: tokens.accessToken })).status).toBe(401);
      expect((await refresh(tokens.refreshToken)).status).toBe(401);
      now += 1000;
      const again = await app.login(u.email, 'secret-pass-1');
      expect((await app.call('GET', '/user/me', { token: again.accessToken })).status).toBe(200);
    });
  });

  describe('when a session reaches its absolute lifetime', () => {
    it('refuses to rotate even a fresh refresh token of it', async () => {
      const u = await app.newUser();
      let tokens = await app.login(u.email, 'secret-pass-1');
      for (let day = 0; day < 6; day++) {
        now += DAY;
        const next = await refresh(tokens.refreshToken);
        expect(next.status).toBe(200);
        tokens = next.body;
      }
      now += DAY + 1000;
      expect((await refresh(tokens.refreshToken)).status).toBe(401);
    });
  });
});

describe('a password stored as scrypt before argon2id', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer();
  });
  afterAll(() => app.close());

  it('is rehashed with argon2id at the next successful login, and still signs in', async () => {
    const u = await app.newUser();
    await app.db
      .knex('credentials')
      .where({ user_id: u.id })
      .update({ password_hash: await hashScrypt('secret-pass-1') });
    await app.login(u.email, 'secret-pass-1');
    const row = await app.db.knex('credentials').where({ user_id: u.id }).first('password_hash');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    await app.login(u.email, 'secret-pass-1');
  });
});
