import { describe, expect, it } from 'vitest';
import { TooManyAttemptsError } from '../errors.js';
import { createLoginThrottle } from './throttle.js';

function setup(options: { maxPerAccount?: number; maxPerAddress?: number; windowSeconds?: number } = {}) {
  let now = Date.parse('2025-01-06T03:00:00Z');
  const throttle = createLoginThrottle({ clock: () => new Date(now), ...options });
  return { throttle, advance: (seconds: number) => (now += seconds * 1000) };
}

function refusal(fn: () => void): TooManyAttemptsError {
  try {
    fn();
  } catch (err) {
    if (err instanceof TooManyAttemptsError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('login throttle', () => {
  describe('when an account failed five times', () => {
    it('refuses the sixth attempt with 429 and the seconds until the oldest failure leaves the window', () => {
      const { throttle, advance } = setup();
      for (let i = 0; i < 5; i++) {
        throttle.check('a@woxa.tech', '1.1.1.1');
        throttle.fail('a@woxa.tech', '1.1.1.1');
        advance(60);
      }
      const err = refusal(() => throttle.check('A@woxa.tech', '2.2.2.2'));
      expect(err.status).toBe(429);
      expect(err.code).toBe('TOO_MANY_ATTEMPTS');
      // Failures at t=0..240 s, now t=300 s: the first leaves the 900 s window at t=900.
      expect(err.retryAfterSeconds).toBe(600);
    });

    it('allows one more attempt once the oldest failure slides out', () => {
      const { throttle, advance } = setup();
      for (let i = 0; i < 5; i++) {
        throttle.fail('a@woxa.tech', '1.1.1.1');
        advance(60);
      }
      advance(599);
      expect(refusal(() => throttle.check('a@woxa.tech', '1.1.1.1')).retryAfterSeconds).toBe(1);
      advance(1);
      expect(() => throttle.check('a@woxa.tech', '1.1.1.1')).not.toThrow();
    });

    it('does not throttle another account', () => {
      const { throttle } = setup();
      for (let i = 0; i < 5; i++) throttle.fail('a@woxa.tech', '1.1.1.1');
      expect(() => throttle.check('b@woxa.tech', '3.3.3.3')).not.toThrow();
    });
  });

  describe('when the account then logs in successfully', () => {
    it('clears its counter', () => {
      const { throttle } = setup();
      for (let i = 0; i < 4; i++) throttle.fail('a@woxa.tech', '1.1.1.1');
      throttle.succeed('a@woxa.tech', '1.1.1.1');
      for (let i = 0; i < 4; i++) throttle.fail('a@woxa.tech', '1.1.1.1');
      expect(() => throttle.check('a@woxa.tech', '1.1.1.1')).not.toThrow();
    });
  });

  describe('when one address fails across many accounts', () => {
    it('refuses that address after its limit, whichever account it tries', () => {
      const { throttle } = setup({ maxPerAddress: 20 });
      for (let i = 0; i < 20; i++) throttle.fail(`u${i}@woxa.tech`, '9.9.9.9');
      const err = refusal(() => throttle.check('fresh@woxa.tech', '9.9.9.9'));
      expect(err.retryAfterSeconds).toBe(900);
      expect(() => throttle.check('fresh@woxa.tech', '8.8.8.8')).not.toThrow();
    });

    it('keeps the address limit when one of the accounts succeeds', () => {
      const { throttle } = setup({ maxPerAddress: 3 });
      for (let i = 0; i < 3; i++) throttle.fail(`u${i}@woxa.tech`, '9.9.9.9');
      throttle.succeed('u0@woxa.tech', '9.9.9.9');
      expect(() => throttle.check('u0@woxa.tech', '9.9.9.9')).toThrow(TooManyAttemptsError);
    });
  });
});
