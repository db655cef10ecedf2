import type { Tokens } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { problem } from './fixtures.js';

/** What registration answers: a new account with the user role, its mailbox not proven yet. */
const newAccount = (name: string, email: string) => ({
  id: expect.any(String),
  email,
  name,
  role: 'user',
  isAvailable: true,
  emailVerified: false,
});

describe('auth and users over HTTP', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ ADMIN_EMAILS: 'boss@woxa.tech' });
  });
  afterAll(() => app.close());

  describe('POST /auth/register', () => {
    it('creates a user with role user and answers 201 User', async () => {
      const res = await app.call('POST', '/auth/register', {
        body: { name: 'Nok', email: 'nok@woxa.tech', password: 'longenough' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual(newAccount('Nok', 'nok@woxa.tech'));
    });
    it('makes ADMIN_EMAILS admins only once the mailed link is opened, signed in as the account', async () => {
      const res = await app.call('POST', '/auth/register', {
        body: { name: 'Boss', email: 'Boss@woxa.tech', password: 'longenough' },
      });
      expect(res.status).toBe(201);
      expect(res.body.role).toBe('user');
      const verified = await app.call('POST', '/auth/verify-email', {
        token: (await app.login('boss@woxa.tech', 'longenough')).accessToken,
        body: { token: app.linkToken('boss@woxa.tech', 'verify') },
      });
      expect(verified.body).toMatchObject({ role: 'admin', emailVerified: true });
    });
    it('refuses another domain, a long name, a short password', async () => {
      for (const body of [
        { name: 'X', email: 'x@gmail.com', password: 'longenough' },
        { name: 'A'.repeat(21), email: 'long@woxa.tech', password: 'longenough' },
        { name: 'Short', email: 'short@woxa.tech', password: 'short' },
        { name: '   ', email: 'blank@woxa.tech', password: 'longenough' },
        // Characters that show nothing: the barista's ticket would name nobody.
        { name: '\u200b', email: 'zero-width@woxa.tech', password: 'longenough' },
        { name: '\u3164\u2800 \ufeff', email: 'fillers@woxa.tech', password: 'longenough' },
      ]) {
        const res = await app.call('POST', '/auth/register', { body });
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
    });
    it('refuses the most common passwords and the company name, saying which, and creates nobody', async () => {
      for (const [password, message] of [
        ['password123', 'This password is one of the most common: choose another.'],
        ['qwertyuiop', 'This password is one of the most common: choose another.'],
        ['WoxaCafe2026', 'The password cannot contain the company name.'],
      ]) {
        const res = await app.call('POST', '/auth/register', {
          body: { name: 'Weak', email: 'weak@woxa.tech', password },
        });
        expect(res.status, password).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: message });
      }
      const ok = await app.call('POST', '/auth/register', {
        body: { name: 'Weak', email: 'weak@woxa.tech', password: 'brew-line-42' },
      });
      expect(ok.status).toBe(201);
    });
    it('answers a taken email as a new one, and the account stays the first one (no enumeration)', async () => {
      const res = await app.call('POST', '/auth/register', {
        body: { name: 'Again', email: 'nok@woxa.tech', password: 'other-pass-9' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual(newAccount('Again', 'nok@woxa.tech'));
      const stolen = await app.call('POST', '/auth/v2/login', {
        body: { email: 'nok@woxa.tech', password: 'other-pass-9' },
      });
      expect(stolen.status).toBe(401);
      const { accessToken } = await app.login('nok@woxa.tech', 'longenough');
      expect((await app.call('GET', '/user/me', { token: accessToken })).body.name).toBe('Nok');
    });
    it('answers a repeat (same Idempotency-Key and body) as the first call, for a new and for a taken address', async () => {
      const register = (email: string, key: string) =>
        app.call('POST', '/auth/register', {
          headers: { 'Idempotency-Key': key },
          body: { name: 'Twice', email, password: 'longenough' },
        });
      for (const email of ['twice@woxa.tech', 'nok@woxa.tech']) {
        const first = await register(email, `reg-${email}`);
        const again = await register(email, `reg-${email}`);
        expect([first.status, again.status], email).toEqual([201, 201]);
        expect(again.body, email).toEqual(first.body);
      }
      await app.login('twice@woxa.tech', 'longenough');
    });
    it('answers repeats sent at once (same Idempotency-Key and body) all as the one account they made', async () => {
      const body = { name: 'At Once', email: 'atonce@woxa.tech', password: 'longenough' };
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          app.call<{ id: string }>('POST', '/auth/register', { headers: { 'Idempotency-Key': 'reg-at-once' }, body }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    });
    it('never applies a role sent in the body', async () => {
      const res = await app.call('POST', '/auth/register', {
        body: { name: 'Sneaky', email: 'sneaky@woxa.tech', password: 'longenough', role: 'admin' },
      });
      expect(res.status).toBe(201);
      expect(res.body.role).toBe('user');
    });
  });

  describe('POST /auth/v2/login', () => {
    it('answers tokens for the right password', async () => {
      const tokens = await app.login('nok@woxa.tech', 'longenough');
      expect(tokens).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
      const me = await app.call('GET', '/user/me', { token: tokens.accessToken });
      expect(me.body.email).toBe('nok@woxa.tech');
    });
    it('answers 401 INVALID_CREDENTIALS for a wrong password, an unknown email or a field missing', async () => {
      for (const body of [
        { email: 'nok@woxa.tech', password: 'wrong-one' },
        { email: 'nobody@woxa.tech', password: 'whatever1' },
        // "any failure": a missing or mistyped field too
        { email: 'nok@woxa.tech' },
        { email: 'nok@woxa.tech', password: 12345678 },
        {},
      ]) {
        const res = await app.call('POST', '/auth/v2/login', { body });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS', detail: 'Email or Password incorrect.' });
      }
    });
    it('throttles repeated failures with 429 and Retry-After', async () => {
      await app.call('POST', '/auth/register', {
        body: { name: 'Target', email: 'target@woxa.tech', password: 'longenough' },
      });
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 7; i++) {
        const res = await app.call('POST', '/auth/v2/login', {
          body: { email: 'target@woxa.tech', password: `bad-${i}-pass` },
        });
        statuses.push(res.status);
        if (res.status === 429) retryAfter = res.headers.get('retry-after');
      }
      expect(statuses).toContain(429);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    });
  });

  describe('refresh tokens', () => {
    it('rotate: the new pair works, the old refresh token stops working and its reuse revokes the family', async () => {
      const first = await app.login('nok@woxa.tech', 'longenough');
      const second = await app.call('POST', '/auth/refresh-token', { body: { refreshToken: first.refreshToken } });
      expect(second.status).toBe(200);
      const reuse = await app.call('POST', '/auth/refresh-token', { body: { refreshToken: first.refreshToken } });
      expect(reuse.status).toBe(401);
      const afterReuse = await app.call('POST', '/auth/refresh-token', {
        body: { refreshToken: second.body.refreshToken },
      });
      expect(afterReuse.status).toBe(401);
    });
    it("a reuse ends that session's access tokens, and not the person's other sessions", async () => {
      const phone = await app.login('nok@woxa.tech', 'longenough');
      const laptop = await app.login('nok@woxa.tech', 'longenough');
      const rotated = await app.call<Tokens>('POST', '/auth/refresh-token', {
        body: { refreshToken: phone.refreshToken },
      });
      expect(rotated.status).toBe(200);
      const reuse = await app.call('POST', '/auth/refresh-token', { body: { refreshToken: phone.refreshToken } });
      expect([reuse.status, problem(reuse).code]).toEqual([401, 'TOKEN_REUSED']);
      const me = (token: string) => app.call('GET', '/user/me', { token });
      expect((await me(phone.accessToken)).status).toBe(401);
      expect((await me(rotated.body.accessToken)).status).toBe(401);
      expect((await me(laptop.accessToken)).status).toBe(200);
      const refreshed = await app.call('POST', '/auth/refresh-token', { body: { refreshToken: laptop.refreshToken } });
      expect(refreshed.status).toBe(200);
    });
    it('log a refresh token used twice and an access token not signed by us as security events', async () => {
      const tokens = await app.login('nok@woxa.tech', 'longenough');
      const me = (await app.call<{ id: string }>('GET', '/user/me', { token: tokens.accessToken })).body;
      const refresh = (refreshToken: string) => app.call('POST', '/auth/refresh-token', { body: { refreshToken } });
      expect((await refresh(tokens.refreshToken)).status).toBe(200);
      expect((await refresh(tokens.refreshToken)).status).toBe(401);
      const events = () => app.logged.filter((l) => typeof l.security === 'string');
      expect(events()).toContainEqual(
        expect.objectContaining({ security: 'refresh-token-reused', userId: me.id, address: expect.any(String) }),
      );
      // Our token's header and claims under another signature: answered as any bad token, logged as forged.
      const [header, payload] = tokens.accessToken.split('.');
      const forged = `${header}.${payload}.${Buffer.from('not our signature').toString('base64url')}`;
      expect((await app.call('GET', '/user/me', { token: forged })).status).toBe(401);
      expect(events()).toContainEqual(expect.objectContaining({ security: 'access-token-forged' }));
      // Unsigned (alg none) is not ours either; on the live socket, a forged token is logged as over HTTP.
      const unsigned = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${payload}.`;
      const forgedCount = () => events().filter((e) => e.security === 'access-token-forged').length;
      const before = forgedCount();
      expect((await app.call('GET', '/user/me', { token: unsigned })).status).toBe(401);
      expect(forgedCount()).toBe(before + 1);
      const ws = new WebSocket(`${app.url.replace('http', 'ws')}/api/websockets`);
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: forged })));
      expect(await closed).toBe(4401);
      expect(
        events()
          .filter((e) => e.security === 'access-token-forged')
          .at(-1),
      ).toMatchObject({ via: 'websocket', address: '127.0.0.1' });
    });
    it('log failed sign-ins with their request and reason, and sign-outs', async () => {
      const events = (name: string) => app.logged.filter((l) => l.security === name);
      const before = events('login-failed').length;
      const wrong = { email: 'nok@woxa.tech', password: 'not-the-one' };
      expect((await app.call('POST', '/auth/v2/login', { body: wrong })).status).toBe(401);
      expect((await app.call('POST', '/auth/v2/login', { body: { email: 'nok@woxa.tech' } })).status).toBe(401);
      // Refused before the route reads it (broken JSON, a form): still a failed sign-in, 401 and logged.
      expect((await app.call('POST', '/auth/v2/login', { raw: '{bad' })).status).toBe(401);
      const form = await fetch(`${app.url}/api/auth/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=nok%40woxa.tech&password=longenough',
      });
      expect(form.status).toBe(401);
      expect(await form.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      const malformed = expect.objectContaining({ reason: 'malformed', requestId: expect.any(String) });
      expect(events('login-failed').slice(before)).toEqual([
        expect.objectContaining({
          account: 'nok@woxa.tech',
          reason: 'wrong-credentials',
          requestId: expect.any(String),
        }),
        malformed,
        malformed,
        malformed,
      ]);
      const tokens = await app.login('nok@woxa.tech', 'longenough');
      const me = (await app.call<{ id: string }>('GET', '/user/me', { token: tokens.accessToken })).body;
      const out = await app.call('PUT', `/user/${me.id}/push/disable`, {
        token: tokens.accessToken,
        body: { status: 'INACTIVE' },
      });
      expect(out.status).toBe(204);
      expect(events('logged-out')).toContainEqual(expect.objectContaining({ account: 'nok@woxa.tech' }));
    });
    it('answer a retry with the same Idempotency-Key with the same pair, a repeat with another key as a reuse', async () => {
      const first = await app.login('nok@woxa.tech', 'longenough');
      const refresh = (key: string) =>
        app.call<Tokens>('POST', '/auth/refresh-token', {
          headers: { 'Idempotency-Key': key },
          body: { refreshToken: first.refreshToken },
        });
      const given = await refresh('r-1');
      const retried = await refresh('r-1');
      expect([given.status, retried.status]).toEqual([200, 200]);
      expect(retried.body).toEqual(given.body);
      expect((await app.call('GET', '/user/me', { token: retried.body.accessToken })).status).toBe(200);
      const other = await refresh('r-2');
      expect(other.status).toBe(401);
      expect(problem(other).code).toBe('TOKEN_REUSED');
      const afterReuse = await app.call('POST', '/auth/refresh-token', {
        body: { refreshToken: given.body.refreshToken },
      });
      expect(afterReuse.status).toBe(401);
    });
    it('logout revokes the caller refresh tokens', async () => {
      const tokens = await app.login('nok@woxa.tech', 'longenough');
      const me = await app.call('GET', '/user/me', { token: tokens.accessToken });
      const out = await app.call('PUT', `/user/${me.body.id}/push/disable`, {
        token: tokens.accessToken,
        body: { status: 'INACTIVE' },
      });
      expect(out.status).toBe(204);
      const refresh = await app.call('POST', '/auth/refresh-token', { body: { refreshToken: tokens.refreshToken } });
      expect(refresh.status).toBe(401);
    });
    it('lets someone who logged out sign in again at once, and only the old access token stops working', async () => {
      const before = await app.login('nok@woxa.tech', 'longenough');
      const me = await app.call('GET', '/user/me', { token: before.accessToken });
      const out = await app.call('PUT', `/user/${me.body.id}/push/disable`, {
        token: before.accessToken,
        body: { status: 'INACTIVE' },
      });
      expect(out.status).toBe(204);
      // Within the same second as the logout: a token's iat counts whole seconds, its sign-out must not.
      const again = await app.login('nok@woxa.tech', 'longenough');
      expect((await app.call('GET', '/user/me', { token: again.accessToken })).status).toBe(200);
      expect((await app.call('GET', '/user/me', { token: before.accessToken })).status).toBe(401);
      const refreshed = await app.call('POST', '/auth/refresh-token', { body: { refreshToken: again.refreshToken } });
      expect(refreshed.status).toBe(200);
    });
    it('refuses a forged or missing token with 401 and the bearer challenge (RFC 9110)', async () => {
      for (const token of [null, 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.']) {
        const res = await app.call('GET', '/user/me', { token });
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
      }
      // The scheme's name is case-insensitive.
      const { token } = await app.newUser('Case Cas');
      const lower = await app.call('GET', '/user/me', { headers: { Authorization: `bearer ${token}` } });
      expect(lower.status).toBe(200);
    });

    it('reads the token wherever the routes answer: their paths match in any case, /API/user/me too', async () => {
      const { token } = await app.newUser('Upper Case');
      const me = await fetch(`${app.url}/API/user/me`, { headers: { Authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { name: string }).name).toBe('Upper Case');
    });
  });

  describe('users', () => {
    it('PATCH /user renames the caller, refusing blank and long names', async () => {
      const u = await app.newUser('Before');
      const ok = await app.call('PATCH', '/user', { token: u.token, body: { name: 'After' } });
      expect(ok.status).toBe(200);
      expect(ok.body.name).toBe('After');
      for (const name of [' ', '\u200b\u200d', '\u3164']) {
        const blank = await app.call('PATCH', '/user', { token: u.token, body: { name } });
        expect(blank.status, JSON.stringify(name)).toBe(400);
        expect(blank.body.errors).toEqual([{ path: 'name', message: 'Name cannot be empty' }]);
      }
      expect((await app.call('PATCH', '/user', { token: u.token, body: { name: 'x'.repeat(21) } })).status).toBe(400);
    });
    it('measures a name as it is kept, trimmed, by PATCH /user and by an admin', async () => {
      const u = await app.newUser('Before');
      const padded = ` ${'n'.repeat(19)} `; // 21 characters, 19 once trimmed
      const own = await app.call('PATCH', '/user', { token: u.token, body: { name: padded } });
      expect([own.status, own.body.name]).toEqual([200, 'n'.repeat(19)]);
      const admin = (await app.login('admin@woxa.tech')).accessToken;
      const byAdmin = await app.call('PATCH', `/user/${u.id}`, { token: admin, body: { name: '  Padded  ' } });
      expect([byAdmin.status, byAdmin.body.name]).toEqual([200, 'Padded']);
    });
    it('an admin lists users and changes another user role, never its own', async () => {
      const admin = (await app.login('admin@woxa.tech')).accessToken;
      const u = await app.newUser('Promoted');
      const list = await app.call('GET', '/user', { token: admin });
      expect(list.status).toBe(200);
      expect(list.body.map((x: { id: string }) => x.id)).toContain(u.id);
      const changed = await app.call('PATCH', `/user/${u.id}`, { token: admin, body: { role: 'barista' } });
      expect(changed.status).toBe(200);
      expect(changed.body.role).toBe('barista');
      const me = await app.call('GET', '/user/me', { token: admin });
      const own = await app.call('PATCH', `/user/${me.body.id}`, { token: admin, body: { role: 'user' } });
      expect(own.status).toBe(409);
      expect((await app.call('GET', '/user/me', { token: admin })).body.role).toBe('admin');
    });
    it('a user cannot list or change users', async () => {
      const u = await app.newUser();
      expect((await app.call('GET', '/user', { token: u.token })).status).toBe(403);
      expect((await app.call('PATCH', `/user/${u.id}`, { token: u.token, body: { role: 'admin' } })).status).toBe(403);
    });
  });
});
