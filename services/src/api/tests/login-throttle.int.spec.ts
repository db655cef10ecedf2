import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test-support/server.js';

const PASSWORD = 'right-horse-7';

describe('signing in under attack', () => {
  let app: TestServer;
  let n = 0;
  beforeAll(async () => {
    app = await startTestServer({ TRUST_PROXY: '1', LOGIN_ACCOUNT_CEILING: '10' });
  });
  afterAll(() => app.close());

  const account = async () => {
    const email = `victim${n++}@woxa.tech`;
    const res = await app.call('POST', '/auth/register', { body: { name: 'Victim', email, password: PASSWORD } });
    expect(res.status).toBe(201);
    return email;
  };
  const attempt = (email: string, password: string, from = '198.51.100.1') =>
    app.call('POST', '/auth/v2/login', { body: { email, password }, headers: { 'X-Forwarded-For': from } });

  describe('when sixty wrong guesses race on one account', () => {
    it('lets only the limit reach the password check', async () => {
      const email = await account();
      const statuses = (await Promise.all(Array.from({ length: 60 }, (_, i) => attempt(email, `wrong-${i}-x`)))).map(
        (r) => r.status,
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(55);
    });
  });

  describe('when one attempt is left and nineteen wrong and one right guess race for it', () => {
    it('lets exactly one of them be judged', async () => {
      const email = await account();
      for (let i = 0; i < 4; i++) expect((await attempt(email, `wrong-${i}-x`)).status).toBe(401);
      const burst = await Promise.all([
        ...Array.from({ length: 19 }, (_, i) => attempt(email, `burst-${i}-x`)),
        attempt(email, PASSWORD),
      ]);
      const judged = burst.filter((r) => r.status !== 429);
      expect(judged).toHaveLength(1);
      // The right password is only accepted when it, and no wrong guess, got the last attempt.
      expect(burst.at(-1)!.status === 200).toBe(judged[0] === burst.at(-1));
    });
  });

  describe('when guesses from many addresses lock the account', () => {
    it('still lets the owner in from an address it signed in from before, and no one new', async () => {
      const email = await account();
      expect((await attempt(email, PASSWORD, '192.0.2.10')).status).toBe(200);
      for (let i = 0; i < 10; i++) await attempt(email, `wrong-${i}-x`, `203.0.113.${i}`);
      expect((await attempt(email, PASSWORD, '203.0.113.200')).status).toBe(429);
      expect((await attempt(email, PASSWORD, '192.0.2.10')).status).toBe(200);
    });

    it('does not lock the owner out after five guesses from one elsewhere', async () => {
      const email = await account();
      for (let i = 0; i < 6; i++) await attempt(email, `wrong-${i}-x`, '203.0.113.77');
      expect((await attempt(email, PASSWORD, '203.0.113.77')).status).toBe(429);
      expect((await attempt(email, PASSWORD, '192.0.2.99')).status).toBe(200);
    });
  });
});
