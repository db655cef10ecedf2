import type { ClientConfig, User } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, placeCafeOrder, problem, uploadImage } from './fixtures.js';

// A demo (make start: DEMO_DATA, so ACCOUNT_RULES defaults to `contract`) keeps the HTTP contract's rules for
// accounts: API.md asks only for a password of 8 characters, and lists no refusal of an order for an
// unproven mailbox. The production rules (strict) are tested everywhere else.
describe('accounts under the contract rules of a demo', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ ACCOUNT_RULES: 'contract' });
  });
  afterAll(() => app.close());

  it('registers with any password of 8 characters and orders at once, the mailbox link still on its way', async () => {
    const res = await app.call<User>('POST', '/auth/register', {
      body: { name: 'Demo Dan', email: 'dan@woxa.tech', password: 'password123' },
    });
    expect(res.status).toBe(201);
    expect(res.body.emailVerified).toBe(false);
    expect(app.linkToken('dan@woxa.tech', 'verify')).toBeTruthy();
    const { accessToken } = await app.login('dan@woxa.tech', 'password123');
    const { cafeMenu } = await catalog(app, accessToken);
    const placed = await placeCafeOrder(app, accessToken, cafeMenu.id, await uploadImage(app, accessToken));
    expect(placed.status).toBe(201);
    const config = await app.call<ClientConfig>('GET', '/config');
    expect(config.body.verifiedEmailToOrder).toBe(false);
    expect(config.body.weakPasswordsRefused).toBe(false);
  });

  it('answers a taken address with 409 EMAIL_TAKEN whatever its case; a plus address is an address of its own', async () => {
    const register = (email: string) =>
      app.call('POST', '/auth/register', { body: { name: 'Twin', email, password: 'password123' } });
    expect((await register('nid@woxa.tech')).status).toBe(201);
    // Every time: a refusal sends no mail, so it does not count towards the mailbox's 5 an hour (429).
    for (const email of [
      'nid@woxa.tech',
      'NID@woxa.tech',
      'nid@woxa.tech',
      'Nid@woxa.tech',
      'nid@woxa.tech',
      'NID@woxa.tech',
    ]) {
      const res = await register(email);
      expect(res.status).toBe(409);
      expect(problem(res).code).toBe('EMAIL_TAKEN');
    }
    // API.md names no mailbox rule: test accounts such as qa+1@, qa+2@ are separate accounts here.
    expect((await register('nid+coffee@woxa.tech')).status).toBe(201);
    expect((await register('nid+tea@woxa.tech')).status).toBe(201);
    expect(problem(await register('Nid+Coffee@woxa.tech')).code).toBe('EMAIL_TAKEN');
    const { accessToken } = await app.login('nid+coffee@woxa.tech', 'password123');
    expect((await app.call<User>('GET', '/user/me', { token: accessToken })).body.email).toBe('nid+coffee@woxa.tech');
  });

  it('counts one registration against a mailbox when several race for it: its owner can still ask for the link again', async () => {
    const register = () =>
      app.call('POST', '/auth/register', {
        body: { name: 'Racy Ray', email: 'ray@woxa.tech', password: 'password123' },
      });
    // A double tap, a retry without a key: one account, the others refused as taken.
    const answers = await Promise.all(Array.from({ length: 5 }, register));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    // The four refused sent no mail: the mailbox's five an hour are not used up by them.
    const { accessToken } = await app.login('ray@woxa.tech', 'password123');
    for (let i = 0; i < 4; i++)
      expect((await app.call('POST', '/auth/verify-email/resend', { token: accessToken })).status).toBe(204);
  });

  it('answers all but one of many racing registrations of a new address 409 EMAIL_TAKEN, never 429', async () => {
    const register = () =>
      app.call('POST', '/auth/register', {
        body: { name: 'Racy Rex', email: 'rex@woxa.tech', password: 'password123' },
      });
    // More than the mailbox's five mails an hour: only the one that wins sends one.
    const answers = await Promise.all(Array.from({ length: 8 }, register));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array<number>(7).fill(409)]);
  });

  it('takes more registrations from one address than the strict rules would (clients set up many test accounts)', async () => {
    const demo = await startTestServer({ ACCOUNT_RULES: 'contract', MAIL_REQUESTS_PER_ADDRESS: '' });
    try {
      for (let i = 0; i < 25; i++) {
        const res = await demo.call('POST', '/auth/register', {
          body: { name: `Tester ${i}`, email: `qa+${i}@woxa.tech`, password: 'password123' },
        });
        expect(res.status, `registration ${i}`).toBe(201);
      }
    } finally {
      await demo.close();
    }
  });

  it('answers a repeated registration (same Idempotency-Key and body) with its first answer, one account', async () => {
    const register = (key: string) =>
      app.call<User>('POST', '/auth/register', {
        headers: { 'Idempotency-Key': key },
        body: { name: 'Retry Rin', email: 'rin@woxa.tech', password: 'password123' },
      });
    const first = await register('reg-rin');
    const again = await register('reg-rin');
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    // Repeats are not new requests: the address's limit (5 an hour) does not count them.
    for (let i = 0; i < 6; i++) expect((await register('reg-rin')).body).toEqual(first.body);
    // Another key is another registration: the address is taken by then.
    expect(problem(await register('reg-rin-2')).code).toBe('EMAIL_TAKEN');
    const { accessToken } = await app.login('rin@woxa.tech', 'password123');
    expect((await app.call<User>('GET', '/user/me', { token: accessToken })).body.id).toBe(first.body.id);
  });
});
