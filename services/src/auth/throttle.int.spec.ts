import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { TooManyAttemptsError } from '../errors.js';
import { BACKENDS, testDatabase, type TestDb } from '../test-support/db.js';
import { createLoginThrottle, type LoginThrottleOptions } from './throttle.js';

async function refusal(attempt: Promise<unknown>): Promise<TooManyAttemptsError> {
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

  const setup = (options: Partial<LoginThrottleOptions> = {}, on: Db = db) => {
    const throttle = createLoginThrottle({ db: on, clock: () => new Date(now), ...options });
    const fail = async (email: string, ip: string) => (await throttle.reserve(email, ip)).failed();
    const succeed = async (email: string, ip: string) => (await throttle.reserve(email, ip)).succeeded();
    return { throttle, fail, succeed, advance: (seconds: number) => (now += seconds * 1000) };
  };

  describe('when one address failed five times on an account', () => {
    it('refuses its sixth attempt with 429 and the seconds until the oldest failure leaves the window', async () => {
      const { throttle, fail, advance } = setup();
      for (let i = 0; i < 5; i++) {
        await fail('a@woxa.tech', '1.1.1.1');
        advance(60);
      }
      const err = await refusal(throttle.reserve('A@woxa.tech', '1.1.1.1'));
      expect(err.status).toBe(429);
      expect(err.code).toBe('TOO_MANY_ATTEMPTS');
      // Failures at t=0..240 s, now t=300 s: the first leaves the 900 s window at t=900.
      expect(err.retryAfterSeconds).toBe(600);
    });

    it('allows one more attempt once the oldest failure slides out', async () => {
      const { throttle, fail, advance } = setup();
      for (let i = 0; i < 5; i++) {
        await fail('a@woxa.tech', '1.1.1.1');
        advance(60);
      }
      advance(599);
      expect((await refusal(throttle.reserve('a@woxa.tech', '1.1.1.1'))).retryAfterSeconds).toBe(1);
      advance(1);
      await expect(throttle.reserve('a@woxa.tech', '1.1.1.1')).resolves.toBeDefined();
    });

    it('does not lock the owner out from another address', async () => {
      const { throttle, fail } = setup();
      for (let i = 0; i < 5; i++) await fail('a@woxa.tech', '6.6.6.6');
      await expect(throttle.reserve('a@woxa.tech', '2.2.2.2')).resolves.toBeDefined();
    });
  });

  describe('when sixty attempts on one account race', () => {
    it('lets exactly the limit through to verification', async () => {
      const { throttle } = setup();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 60 }, () => throttle.reserve('a@woxa.tech', '1.1.1.1')),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
      expect(outcomes.every((o) => o.status === 'fulfilled' || o.reason instanceof TooManyAttemptsError)).toBe(true);
    });
  });

  describe('when guesses from many addresses reach the account ceiling', () => {
    const spread = async (fail: (e: string, ip: string) => Promise<void>, n: number) => {
      for (let i = 0; i < n; i++) await fail('a@woxa.tech', `10.0.${i >> 2}.${i & 3}`);
    };

    it('refuses a new address', async () => {
      const { throttle, fail } = setup({ maxPerAccount: 12 });
      await spread(fail, 12);
      await expect(throttle.reserve('a@woxa.tech', '2.2.2.2')).rejects.toThrow(TooManyAttemptsError);
    });

    it('still lets in an address that signed in to the account before', async () => {
      const { throttle, fail, succeed } = setup({ maxPerAccount: 12 });
      await succeed('a@woxa.tech', '2.2.2.2');
      await spread(fail, 12);
      await expect(throttle.reserve('a@woxa.tech', '2.2.2.2')).resolves.toBeDefined();
    });
  });

  describe('when the account then logs in successfully', () => {
    it('clears the failures of that address on the account', async () => {
      const { throttle, fail, succeed } = setup();
      for (let i = 0; i < 4; i++) await fail('a@woxa.tech', '1.1.1.1');
      await succeed('a@woxa.tech', '1.1.1.1');
      for (let i = 0; i < 4; i++) await fail('a@woxa.tech', '1.1.1.1');
      await expect(throttle.reserve('a@woxa.tech', '1.1.1.1')).resolves.toBeDefined();
    });
  });

  describe('when one address fails across many accounts', () => {
    it('refuses that address after its limit, whichever account it tries', async () => {
      const { throttle, fail } = setup({ maxPerAddress: 20 });
      for (let i = 0; i < 20; i++) await fail(`u${i}@woxa.tech`, '9.9.9.9');
      const err = await refusal(throttle.reserve('fresh@woxa.tech', '9.9.9.9'));
      expect(err.retryAfterSeconds).toBe(900);
      await expect(throttle.reserve('fresh@woxa.tech', '8.8.8.8')).resolves.toBeDefined();
    });

    it('keeps the address limit when one of the accounts succeeds', async () => {
      const { throttle, fail, succeed } = setup({ maxPerAddress: 3 });
      for (let i = 0; i < 2; i++) await fail(`u${i}@woxa.tech`, '9.9.9.9');
      await fail('u0@woxa.tech', '9.9.9.9');
      await expect(succeed('u0@woxa.tech', '9.9.9.9')).rejects.toThrow(TooManyAttemptsError);
      await expect(throttle.reserve('u9@woxa.tech', '9.9.9.9')).rejects.toThrow(TooManyAttemptsError);
    });
  });

  describe('when the API runs in several processes', () => {
    it('counts the failures of all of them against one limit', async () => {
      const other = await db.openAnother();
      try {
        const first = setup();
        const second = setup({}, other);
        for (let i = 0; i < 3; i++) await first.fail('a@woxa.tech', '1.1.1.1');
        for (let i = 0; i < 2; i++) await second.fail('a@woxa.tech', '1.1.1.1');
        expect((await refusal(first.throttle.reserve('a@woxa.tech', '1.1.1.1'))).status).toBe(429);
        expect((await refusal(second.throttle.reserve('a@woxa.tech', '1.1.1.1'))).status).toBe(429);
      } finally {
        await other.close();
      }
    });
  });

  it('forgets failures older than the window', async () => {
    const { fail, advance } = setup();
    for (let i = 0; i < 4; i++) await fail('a@woxa.tech', '1.1.1.1');
    advance(901);
    await fail('b@woxa.tech', '1.1.1.1');
    expect((await db.knex('login_failures').select('key')).map((r: { key: string }) => r.key).sort()).toEqual([
      'a:b@woxa.tech',
      'i:1.1.1.1',
      'p:b@woxa.tech|1.1.1.1',
    ]);
  });
});
