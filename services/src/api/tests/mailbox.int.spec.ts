import http from 'node:http';
import type { Tokens, User } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../../../scripts/stand-ins/smtp-server.js';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, devicesOf, placeCafeOrder, problem, staffTokens, subscribeDevice, uploadImage } from './fixtures.js';

const APP_URL = 'https://drinks.example';
const PASSWORD = 'first-pass-1';

describe('mailboxes proven over HTTP, mail through a real SMTP server', () => {
  let smtp: TestSmtp;
  let app: TestServer;
  let cafeMenu: string;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startTestServer({ SMTP_URL: smtp.url, APP_URL, ADMIN_EMAILS: 'chief@woxa.tech' });
    cafeMenu = (await catalog(app, (await staffTokens(app)).barista)).cafeMenu.id;
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const register = (email: string, name = 'Mali') =>
    app.call<User>('POST', '/auth/register', { body: { name, email, password: PASSWORD } });
  const verify = (token: string) => app.call<User>('POST', '/auth/verify-email', { body: { token } });

  it('lists the mailbox calls in the served OpenAPI document', async () => {
    const doc = await app.call<{ paths: Record<string, unknown> }>('GET', '/openapi.json');
    for (const path of ['verify-email', 'verify-email/resend', 'forgot-password', 'reset-password']) {
      expect(Object.keys(doc.body.paths)).toContain(`/api/auth/${path}`);
    }
    expect(Object.keys(doc.body.paths)).toContain('/api/user/password');
    type Operation = { summary: string; responses: object; security: object[] };
    const verifyEmail = (doc.body.paths['/api/auth/verify-email'] as { post: Operation }).post;
    expect(verifyEmail.summary).toContain('403 SIGN_IN_TO_CONFIRM');
    expect(Object.keys(verifyEmail.responses)).toContain('403');
    // Anyone may open a link, and an admin address's needs its account's bearer token: a client generated from the
    // document sends the token it holds.
    expect(verifyEmail.security).toEqual([{}, { bearer: [] }]);
  });

  describe('when a person registers', () => {
    it('mails a link to APP_URL; ordering is refused with EMAIL_NOT_VERIFIED until it is opened', async () => {
      const res = await register('mali@woxa.tech');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email: 'mali@woxa.tech', emailVerified: false });
      const token = await smtp.linkToken('mali@woxa.tech', `${APP_URL}/verify-email?token=`);

      const { accessToken } = await app.login('mali@woxa.tech', PASSWORD);
      const image = await uploadImage(app, accessToken);
      const refused = await placeCafeOrder(app, accessToken, cafeMenu, image);
      expect(refused.status).toBe(403);
      expect(problem(refused).code).toBe('EMAIL_NOT_VERIFIED');

      const verified = await verify(token);
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ email: 'mali@woxa.tech', emailVerified: true, role: 'user' });
      const me = await app.call<User>('GET', '/user/me', { token: accessToken });
      expect(me.body.emailVerified).toBe(true);
      const placed = await placeCafeOrder(app, accessToken, cafeMenu, image);
      expect(placed.status).toBe(201);
    });

    it('uses a link once: opened again it answers 400 INVALID_LINK', async () => {
      await register('once@woxa.tech');
      const token = await smtp.linkToken('once@woxa.tech', '/verify-email?token=');
      expect((await verify(token)).status).toBe(200);
      const again = await verify(token);
      expect(again.status).toBe(400);
      expect(problem(again).code).toBe('INVALID_LINK');
      expect(problem(await verify('x'.repeat(43))).code).toBe('INVALID_LINK');
    });

    it('tells in the mail whoever did not create the account to ignore it', async () => {
      await register('ignore@woxa.tech');
      await smtp.link('ignore@woxa.tech', '/verify-email?token=');
      expect(smtp.mails.findLast((m) => m.to === 'ignore@woxa.tech')?.text).toMatch(
        /verify-email\?token=\S+\s+If you did not create this account, ignore this mail\./,
      );
    });

    it("does not carry the registrant's words to a mailbox not yet proven theirs", async () => {
      // Anyone may register someone else's address: the name they type would be mailed as our text.
      await register('words@woxa.tech', 'Call IT 5551234');
      await smtp.link('words@woxa.tech', '/verify-email?token=');
      const text = smtp.mails.findLast((m) => m.to === 'words@woxa.tech')?.text ?? '';
      expect(text).toMatch(/^Hello,\n/);
      expect(text).not.toContain('Call IT');
    });

    it('resends the link to a signed-in account that waits for it', async () => {
      await register('late@woxa.tech');
      await smtp.link('late@woxa.tech', '/verify-email');
      const { accessToken } = await app.login('late@woxa.tech', PASSWORD);
      const before = smtp.mails.filter((m) => m.to === 'late@woxa.tech').length;
      expect((await app.call('POST', '/auth/verify-email/resend', { token: accessToken })).status).toBe(204);
      await expect.poll(() => smtp.mails.filter((m) => m.to === 'late@woxa.tech').length).toBe(before + 1);
      expect((await verify(await smtp.linkToken('late@woxa.tech', '/verify-email'))).status).toBe(200);
    });
  });

  describe('when an ADMIN_EMAILS address is registered', () => {
    const chief = (token: string, accessToken?: string) =>
      app.call<User>('POST', '/auth/verify-email', { body: { token }, token: accessToken ?? null });

    it('refuses its link opened signed out or as another account with 403 SIGN_IN_TO_CONFIRM, and keeps the link', async () => {
      // Anyone may register the address with a password of their choosing; the owner of the mailbox opens the link.
      expect((await register('chief@woxa.tech', 'Chief')).body.role).toBe('user');
      const token = await smtp.linkToken('chief@woxa.tech', '/verify-email?token=');
      const signedOut = await chief(token);
      expect(signedOut.status).toBe(403);
      expect(problem(signedOut).code).toBe('SIGN_IN_TO_CONFIRM');
      await register('bystander@woxa.tech');
      const other = await app.login('bystander@woxa.tech', PASSWORD);
      expect(problem(await chief(token, other.accessToken)).code).toBe('SIGN_IN_TO_CONFIRM');

      const registrant = await app.login('chief@woxa.tech', PASSWORD);
      const me = await app.call<User>('GET', '/user/me', { token: registrant.accessToken });
      expect(me.body).toMatchObject({ role: 'user', emailVerified: false });
      expect(app.logged.filter((l) => l.account === 'chief@woxa.tech' && l.security === 'email-verified')).toEqual([]);

      // Signed in as that account, the same link (not used up) confirms it and makes it admin.
      const confirmed = await chief(token, registrant.accessToken);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ role: 'admin', emailVerified: true });
    });
  });

  describe('when the address is taken', () => {
    it('answers as for a new address, for every spelling of the mailbox, and mails its owner instead', async () => {
      const first = await register('nid@woxa.tech');
      const fresh = await register('nid-new@woxa.tech', 'Twin');
      for (const email of ['nid@woxa.tech', 'NID@woxa.tech', 'nid+coffee@woxa.tech']) {
        const res = await register(email, 'Twin');
        expect(res.status).toBe(fresh.status);
        expect(Object.keys(res.body).sort()).toEqual(Object.keys(fresh.body).sort());
        expect(res.body).toMatchObject({
          email: email.toLowerCase(),
          name: 'Twin',
          role: 'user',
          emailVerified: false,
        });
        expect(res.body.id).not.toBe(first.body.id);
        await expect
          .poll(
            () =>
              smtp.mails.find((m) => m.to === email.toLowerCase() && m.subject === 'You already have an account')?.text,
          )
          .toContain(`${APP_URL}/login`);
      }
      // No second account was made: the first one's password alone signs in.
      expect((await app.login('nid@woxa.tech', PASSWORD)).accessToken).toBeTruthy();
      const twin = await app.call('POST', '/auth/v2/login', {
        body: { email: 'nid+coffee@woxa.tech', password: PASSWORD },
      });
      expect(twin.status).toBe(401);
    });

    it('limits registrations per mailbox with 429, whatever the spelling', async () => {
      const statuses: number[] = [];
      for (const email of ['flood@woxa.tech', 'flood+1@woxa.tech', 'FLOOD@woxa.tech', 'flood+2@woxa.tech']) {
        statuses.push((await register(email)).status);
      }
      statuses.push((await register('flood+3@woxa.tech')).status, (await register('flood@woxa.tech')).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });

    it('keeps a plus address as typed for the one account that holds the mailbox', async () => {
      const res = await register('pim+drinks@woxa.tech');
      expect(res.body.email).toBe('pim+drinks@woxa.tech');
      expect((await register('pim@woxa.tech')).status).toBe(201);
      const plain = await app.call('POST', '/auth/v2/login', { body: { email: 'pim@woxa.tech', password: PASSWORD } });
      expect(plain.status).toBe(401);
      expect((await app.login('pim+drinks@woxa.tech', PASSWORD)).accessToken).toBeTruthy();
    });
  });

  describe('when a password is forgotten', () => {
    it('answers the same for any address, mails a single-use link, and the reset ends every session', async () => {
      await register('reset@woxa.tech');
      await verify(await smtp.linkToken('reset@woxa.tech', '/verify-email'));
      const session = await app.login('reset@woxa.tech', PASSWORD);

      const known = await app.call('POST', '/auth/forgot-password', { body: { email: 'reset@woxa.tech' } });
      const unknown = await app.call('POST', '/auth/forgot-password', { body: { email: 'ghost@woxa.tech' } });
      expect(known.status).toBe(202);
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
      const token = await smtp.linkToken('reset@woxa.tech', `${APP_URL}/reset-password?token=`);

      // A common password is refused before the link is used up: the same link then sets a good one.
      const common = await app.call('POST', '/auth/reset-password', { body: { token, password: 'sunshine1' } });
      expect(common.status).toBe(400);
      expect(common.body.errors).toEqual([
        { path: 'password', message: 'This password is one of the most common: choose another.' },
      ]);
      const reset = await app.call('POST', '/auth/reset-password', { body: { token, password: 'second-pass-2' } });
      expect(reset.status).toBe(204);
      const old = await app.call('POST', '/auth/v2/login', { body: { email: 'reset@woxa.tech', password: PASSWORD } });
      expect(old.status).toBe(401);
      await app.login('reset@woxa.tech', 'second-pass-2');
      expect((await app.call('GET', '/user/me', { token: session.accessToken })).status).toBe(401);
      const refresh = await app.call('POST', '/auth/refresh-token', { body: { refreshToken: session.refreshToken } });
      expect(refresh.status).toBe(401);

      const reused = await app.call('POST', '/auth/reset-password', { body: { token, password: 'third-pass-3' } });
      expect(reused.status).toBe(400);
      expect(reused.body.code).toBe('INVALID_LINK');
    });
  });

  describe('when a password is reset', () => {
    it('refuses a password that contains the mailbox name, as registration does, and keeps the link', async () => {
      await register('arthit@woxa.tech');
      await app.call('POST', '/auth/forgot-password', { body: { email: 'arthit@woxa.tech' } });
      const token = await smtp.linkToken('arthit@woxa.tech', `${APP_URL}/reset-password?token=`);
      const named = await app.call('POST', '/auth/reset-password', { body: { token, password: 'arthit-Sun-2024' } });
      expect(named.status).toBe(400);
      expect(named.body.errors).toEqual([
        { path: 'password', message: 'The password cannot contain your email name.' },
      ]);
      const reset = await app.call('POST', '/auth/reset-password', { body: { token, password: 'quiet-river-8' } });
      expect(reset.status).toBe(204);
      await app.login('arthit@woxa.tech', 'quiet-river-8');
    });

    it("forgets the account's push devices: the phone of the old session no longer hears of its orders", async () => {
      await register('handed@woxa.tech');
      await verify(await smtp.linkToken('handed@woxa.tech', '/verify-email'));
      const session = await app.login('handed@woxa.tech', PASSWORD);
      const me = await app.call<User>('GET', '/user/me', { token: session.accessToken });
      await subscribeDevice(app, session.accessToken);
      expect(await devicesOf(app, me.body.id)).toBe(1);

      await app.call('POST', '/auth/forgot-password', { body: { email: 'handed@woxa.tech' } });
      const token = await smtp.linkToken('handed@woxa.tech', `${APP_URL}/reset-password?token=`);
      const reset = await app.call('POST', '/auth/reset-password', { body: { token, password: 'other-hands-5' } });
      expect(reset.status).toBe(204);
      expect(await devicesOf(app, me.body.id)).toBe(0);
    });

    it('proves the mailbox it was mailed to when sent under an Idempotency-Key too: the account can order', async () => {
      await register('keyed@woxa.tech');
      await app.call('POST', '/auth/forgot-password', { body: { email: 'keyed@woxa.tech' } });
      const token = await smtp.linkToken('keyed@woxa.tech', `${APP_URL}/reset-password?token=`);
      const reset = await app.call('POST', '/auth/reset-password', {
        body: { token, password: 'quiet-lake-4' },
        headers: { 'Idempotency-Key': 'reset-keyed-1' },
      });
      expect(reset.status).toBe(204);
      const session = await app.login('keyed@woxa.tech', 'quiet-lake-4');
      const me = await app.call<User>('GET', '/user/me', { token: session.accessToken });
      expect(me.body.emailVerified).toBe(true);
      const image = await uploadImage(app, session.accessToken);
      const order = await placeCafeOrder(app, session.accessToken, cafeMenu, image);
      expect(order.status).toBe(201);
      await app.call('PATCH', `/order/${order.body.id}`, { token: session.accessToken, body: { status: 'cancel' } });
    });

    it('answers a repeat under the same Idempotency-Key as the first call, and mails no second link', async () => {
      const registered = await register('again@woxa.tech');
      const keyed = (path: string, body: object, key: string) =>
        app.call('POST', path, { body, headers: { 'Idempotency-Key': key } });
      const verifyBody = { token: await smtp.linkToken('again@woxa.tech', '/verify-email') };
      const verified = await keyed('/auth/verify-email', verifyBody, 'again-verify');
      const verifiedAgain = await keyed('/auth/verify-email', verifyBody, 'again-verify');
      expect(verified.status).toBe(200);
      expect([verifiedAgain.status, verifiedAgain.body]).toEqual([verified.status, verified.body]);

      const forgot = await keyed('/auth/forgot-password', { email: 'again@woxa.tech' }, 'again-forgot');
      const forgotAgain = await keyed('/auth/forgot-password', { email: 'again@woxa.tech' }, 'again-forgot');
      expect([forgot.status, forgotAgain.status]).toEqual([202, 202]);
      const links = await app.db
        .knex('email_links')
        .where({ user_id: registered.body.id, purpose: 'reset-password' })
        .count({ n: '*' });
      expect(Number(links[0]?.n)).toBe(1);

      const resetBody = { token: await smtp.linkToken('again@woxa.tech', '/reset-password'), password: 'new-lake-6' };
      const reset = await keyed('/auth/reset-password', resetBody, 'again-reset');
      const resetAgain = await keyed('/auth/reset-password', resetBody, 'again-reset');
      expect([reset.status, resetAgain.status]).toEqual([204, 204]);
      await app.login('again@woxa.tech', 'new-lake-6');
    });
  });

  describe("when someone else's tries are in the way", () => {
    it('lets the owner reset a password after others registered the address again and again', async () => {
      await register('owner@woxa.tech');
      for (let i = 0; i < 5; i++) await register('owner@woxa.tech');
      expect((await register('owner@woxa.tech')).status).toBe(429);
      const forgot = await app.call('POST', '/auth/forgot-password', { body: { email: 'owner@woxa.tech' } });
      expect(forgot.status).toBe(202);
      expect(await smtp.linkToken('owner@woxa.tech', `${APP_URL}/reset-password?token=`)).toBeTruthy();
    });

    it('opens an account locked by wrong passwords once its owner has reset the password', async () => {
      await register('locked@woxa.tech');
      for (let i = 0; i < 5; i++) {
        const wrong = { email: 'locked@woxa.tech', password: 'not-the-password' };
        expect((await app.call('POST', '/auth/v2/login', { body: wrong })).status).toBe(401);
      }
      const login = (password: string) =>
        app.call('POST', '/auth/v2/login', { body: { email: 'locked@woxa.tech', password } });
      expect((await login(PASSWORD)).status).toBe(429);
      await app.call('POST', '/auth/forgot-password', { body: { email: 'locked@woxa.tech' } });
      const token = await smtp.linkToken('locked@woxa.tech', `${APP_URL}/reset-password?token=`);
      const reset = await app.call('POST', '/auth/reset-password', { body: { token, password: 'fresh-pass-4' } });
      expect(reset.status).toBe(204);
      expect((await login('fresh-pass-4')).status).toBe(200);
    });
  });

  describe('when a signed-in person changes the password', () => {
    it('needs the current one, answers a fresh pair and ends the other sessions', async () => {
      await register('alter@woxa.tech');
      const other = await app.login('alter@woxa.tech', PASSWORD);
      const mine = await app.login('alter@woxa.tech', PASSWORD);
      const wrong = await app.call('PUT', '/user/password', {
        token: mine.accessToken,
        body: { currentPassword: 'not-it-at-all', newPassword: 'changed-pass-2' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect.' }]);
      const company = await app.call('PUT', '/user/password', {
        token: mine.accessToken,
        body: { currentPassword: PASSWORD, newPassword: 'Woxa-2026!' },
      });
      expect(company.status).toBe(400);
      expect(company.body.errors).toEqual([
        { path: 'newPassword', message: 'The password cannot contain the company name.' },
      ]);

      const changed = await app.call<Tokens>('PUT', '/user/password', {
        token: mine.accessToken,
        body: { currentPassword: PASSWORD, newPassword: 'changed-pass-2' },
      });
      expect(changed.status).toBe(200);
      expect((await app.call('GET', '/user/me', { token: changed.body.accessToken })).status).toBe(200);
      expect((await app.call('GET', '/user/me', { token: other.accessToken })).status).toBe(401);
      await app.login('alter@woxa.tech', 'changed-pass-2');
    });

    it('makes the reset links still open useless: the new password stays', async () => {
      await register('unused@woxa.tech');
      await app.call('POST', '/auth/forgot-password', { body: { email: 'unused@woxa.tech' } });
      const token = await smtp.linkToken('unused@woxa.tech', `${APP_URL}/reset-password?token=`);
      const session = await app.login('unused@woxa.tech', PASSWORD);
      const changed = await app.call('PUT', '/user/password', {
        token: session.accessToken,
        body: { currentPassword: PASSWORD, newPassword: 'changed-pass-3' },
      });
      expect(changed.status).toBe(200);
      const late = await app.call('POST', '/auth/reset-password', { body: { token, password: 'someone-else-9' } });
      expect(late.status).toBe(400);
      expect(problem(late).code).toBe('INVALID_LINK');
      await app.login('unused@woxa.tech', 'changed-pass-3');
    });
  });
});

describe('when the mail server refuses the mail', () => {
  let smtp: TestSmtp;
  let app: TestServer;
  beforeAll(async () => {
    smtp = await startTestSmtp({ refuses: (to) => to.startsWith('down') });
    app = await startTestServer({ SMTP_URL: smtp.url, APP_URL });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('does not count the tries whose mail did not go out: the person is not locked out once it is back', async () => {
    const email = 'down@woxa.tech';
    const reg = await app.call('POST', '/auth/register', { body: { name: 'Down', email, password: PASSWORD } });
    expect(reg.status).toBe(201);
    const { accessToken } = await app.login(email, PASSWORD);
    // Five a mailbox an hour; none of these mails leaves, so none of them counts.
    for (let i = 0; i < 7; i++) {
      const resend = await app.call('POST', '/auth/verify-email/resend', { token: accessToken });
      expect(resend.status, `resend ${i + 1}`).toBe(500);
    }
    const failed = () => app.logged.filter((l) => l.msg === 'reset mail failed').length;
    for (let i = 0; i < 7; i++) {
      const forgot = await app.call('POST', '/auth/forgot-password', { body: { email } });
      expect(forgot.status, `forgot ${i + 1}`).toBe(202);
      await expect.poll(failed).toBe(i + 1);
    }
  });
});

describe('mail links and limits over time', () => {
  let app: TestServer;
  let offsetMs = 0;
  beforeAll(async () => {
    app = await startTestServer({ MAIL_REQUESTS_PER_ADDRESS: '4' }, { clock: () => new Date(Date.now() + offsetMs) });
  });
  afterAll(() => app.close());

  it('refuses a verification link older than 24 hours', async () => {
    await app.call('POST', '/auth/register', { body: { name: 'Slow', email: 'slow@woxa.tech', password: PASSWORD } });
    const token = app.linkToken('slow@woxa.tech', 'verify');
    offsetMs += 25 * 3600 * 1000;
    const res = await app.call('POST', '/auth/verify-email', { body: { token } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_LINK');
  });

  it('limits registrations per mailbox and per client address with 429 and Retry-After', async () => {
    offsetMs += 2 * 3600 * 1000;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.call('POST', '/auth/register', {
        body: { name: 'Spam', email: `spam${i}@woxa.tech`, password: PASSWORD },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
  });
});

describe('links without APP_URL (no SMTP_URL: they are only printed in the log)', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer();
  });
  afterAll(() => app.close());

  /** A call with a Host header its sender wrote (fetch sets its own). */
  const forgedHost = (path: string, body: unknown, token?: string) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const headers: Record<string, string> = { Host: 'evil.example', 'Content-Type': 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      const req = http.request(`${app.url}/api${path}`, { method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });

  it("point at this server's own address, never at the request's Host header", async () => {
    const email = 'hosted@woxa.tech';
    const body = { name: 'Hosted', email, password: PASSWORD };
    expect((await forgedHost('/auth/register', body)).status).toBe(201);
    expect((await forgedHost('/auth/register', body)).status).toBe(201);
    expect((await forgedHost('/auth/forgot-password', { email })).status).toBe(202);
    const key = await forgedHost('/pickup-screen/keys', undefined, (await staffTokens(app)).admin);
    expect(key.status).toBe(201);

    const links: string[] = [...app.outbox.filter((m) => m.to === email).map((m) => m.link), key.body.url];
    expect(links).toHaveLength(4);
    for (const link of links) expect(new URL(link).host).toBe(`127.0.0.1:${app.port}`);
  });
});
