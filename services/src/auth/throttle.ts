import type { Clock } from '../clock.js';
import { TooManyAttemptsError } from '../errors.js';

export interface LoginThrottleOptions {
  clock: Clock;
  maxPerAccount?: number;
  maxPerAddress?: number;
  windowSeconds?: number;
}

export interface LoginThrottle {
  /** Throws TooManyAttemptsError when the account or the address used up its failures in the window. */
  check(email: string, ip: string): void;
  fail(email: string, ip: string): void;
  /** Clears the account's failures (not the address's: one good account must not launder guesses at others). */
  succeed(email: string, ip: string): void;
}

/**
 * Sliding window over failure timestamps, in memory (one process; with several API processes each
 * counts its own, which only loosens the limit by the number of processes).
 */
export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const { clock, maxPerAccount = 5, maxPerAddress = 20, windowSeconds = 900 } = options;
  const windowMs = windowSeconds * 1000;
  const failures = new Map<string, number[]>();
  const accountKey = (email: string) => `a:${email.trim().toLowerCase()}`;
  const addressKey = (ip: string) => `i:${ip}`;
  let lastSweep = 0;

  function recent(key: string, now: number): number[] {
    const list = failures.get(key);
    if (!list) return [];
    const kept = list.filter((t) => t > now - windowMs);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  }

  /** Seconds until enough failures leave the window to allow one more attempt; 0 when allowed. */
  function waitFor(key: string, max: number, now: number): number {
    const list = recent(key, now);
    if (list.length < max) return 0;
    const freesAt = list[list.length - max]! + windowMs;
    return Math.max(1, Math.ceil((freesAt - now) / 1000));
  }

  function sweep(now: number) {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const key of [...failures.keys()]) recent(key, now);
  }

  return {
    check(email, ip) {
      const now = clock().getTime();
      sweep(now);
      const wait = Math.max(waitFor(accountKey(email), maxPerAccount, now), waitFor(addressKey(ip), maxPerAddress, now));
      if (wait > 0) throw new TooManyAttemptsError(wait);
    },
    fail(email, ip) {
      const now = clock().getTime();
      // Only the newest `max` failures decide the wait, so a key never holds more than that.
      const record = (key: string, max: number) => failures.set(key, [...recent(key, now), now].slice(-max));
      record(accountKey(email), maxPerAccount);
      record(addressKey(ip), maxPerAddress);
    },
    succeed(email) {
      failures.delete(accountKey(email));
    },
  };
}
