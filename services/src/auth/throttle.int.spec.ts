import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { TooManyAttemptsError } from '../errors.js';
import { BACKENDS, testDatabase, type TestDb } from '../test-support/db.js';
import { createLoginThrottle } from './throttle.js';

async function refusal(attempt: Promise<void>): Promise<TooManyAttemptsError> {
  try {
    await attempt;
  } catch (err) {
    if (err instanceof TooManyAttemptsError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe.each(BACKENDS)('login throttle on %s', (backend) => {
  let db: TestDb;
  let now: number;
  beforeEach(async () => {
    db = await testDatabase(backend);
    now = Date.parse('2025-01-06T03:00:00Z');
  });
  afterEach(async () => {
    await db.cleanup();
  });

  const setup = (
    options: { maxPerAccount?: number; maxPerAddress?: number; windowSeconds?: number } = {},
    on: Db = db,
  ) => {
    const throttle = createLoginThrottle({ knex: on.knex, clock: () => new Date(now), ...options });
    return { throttle, advance: (seconds: number) => (now += seconds * 1000) };
  };

  describe('when an account failed five times', () => {
    it('refuses the sixth attempt with 429 and the seconds until the oldest failure leaves the window', async () => {
      const { throttle, advance } = setup();
      for (let i = 0; i < 5; i++) {
        await throttle.check('a@woxa.tech', '1.1.1.1');
        await throttle.fail('a@woxa.tech', '1.1.1.1');
        advance(60);
      }
      const err = await refusal(throttle.check('A@woxa.tech', '2.2.2.2'));
      expect(err.status).toBe(429);
      expect(err.code).toBe('TOO_MANY_ATTEMPTS');
      // Failures at t=0..240 s, now t=300 s: the first leaves the 900 s window at t=900.
      expect(err.retryAfterSeconds).toBe(600);
    });

    it('allows one more attempt once the oldest failure slides out', async () => {
      const { throttle, advance } = setup();
      for (let i = 0; i < 5; i++) {
        await throttle.fail('a@woxa.tech', '1.1.1.1');
        advance(60);
      }
      advance(599);
      expect((await refusal(throttle.check('a@woxa.tech', '1.1.1.1'))).retryAfterSeconds).toBe(1);
      advance(1);
      await expect(throttle.check('a@woxa.tech', '1.1.1.1')).resolves.toBeUndefined();
    });

    it('does not throttle another account', async () => {
      const { throttle } = setup();
      for (let i = 0; i < 5; i++) await throttle.fail('a@woxa.tech', '1.1.1.1');
      await expect(throttle.check('b@woxa.tech', '3.3.3.3')).resolves.toBeUndefined();
    });
  });

  describe('when the account then logs in successfully', () => {
    it('clears its counter', async () => {
      const { throttle } = setup();
      for (let i = 0; i < 4; i++) await throttle.fail('a@woxa.tech', '1.1.1.1');
      await throttle.succeed('a@woxa.tech', '1.1.1.1');
      for (let i = 0; i < 4; i++) await throttle.fail('a@woxa.tech', '1.1.1.1');
      await expect(throttle.check('a@woxa.tech', '1.1.1.1')).resolves.toBeUndefined();
    });
  });

  describe('when one address fails across many accounts', () => {
    it('refuses that address after its limit, whichever account it tries', async () => {
      const { throttle } = setup({ maxPerAddress: 20 });
      for (let i = 0; i < 20; i++) await throttle.fail(`u${i}@woxa.tech`, '9.9.9.9');
      const err = await refusal(throttle.check('fresh@woxa.tech', '9.9.9.9'));
      expect(err.retryAfterSeconds).toBe(900);
      await expect(throttle.check('fresh@woxa.tech', '8.8.8.8')).resolves.toBeUndefined();
    });

    it('keeps the address limit when one of the accounts succeeds', async () => {
      const { throttle } = setup({ maxPerAddress: 3 });
      for (let i = 0; i < 3; i++) await throttle.fail(`u${i}@woxa.tech`, '9.9.9.9');
      await throttle.succeed('u0@woxa.tech', '9.9.9.9');
      await expect(throttle.check('u0@woxa.tech', '9.9.9.9')).rejects.toThrow(TooManyAttemptsError);
    });
  });

  describe('when the API runs in several processes', () => {
    it('counts the failures of all of them against one limit', async () => {
      const other = await db.openAnother();
      try {
        const first = setup().throttle;
        const second = setup({}, other).throttle;
        for (let i = 0; i < 3; i++) await first.fail('a@woxa.tech', '1.1.1.1');
        for (let i = 0; i < 2; i++) await second.fail('a@woxa.tech', '2.2.2.2');
        expect((await refusal(first.check('a@woxa.tech', '3.3.3.3'))).status).toBe(429);
        expect((await refusal(second.check('a@woxa.tech', '3.3.3.3'))).status).toBe(429);
        await second.succeed('a@woxa.tech', '2.2.2.2');
        await expect(first.check('a@woxa.tech', '1.1.1.1')).resolves.toBeUndefined();
      } finally {
        await other.close();
      }
    });
  });

  it('forgets failures older than the window', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 4; i++) await throttle.fail('a@woxa.tech', '1.1.1.1');
    advance(901);
    await throttle.fail('b@woxa.tech', '1.1.1.1');
    expect((await db.knex('login_failures').select('key')).map((r: { key: string }) => r.key).sort()).toEqual([
      'a:b@woxa.tech',
      'i:1.1.1.1',
    ]);
  });
});
