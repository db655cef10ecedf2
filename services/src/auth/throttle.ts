import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { TooManyAttemptsError } from '../errors.js';

export interface LoginThrottleOptions {
  knex: Knex;
  clock: Clock;
  maxPerAccount?: number;
  maxPerAddress?: number;
  windowSeconds?: number;
}

export interface LoginThrottle {
  /** Throws TooManyAttemptsError when the account or the address used up its failures in the window. */
  check(email: string, ip: string): Promise<void>;
  fail(email: string, ip: string): Promise<void>;
  /** Clears the account's failures (not the address's: one good account must not launder guesses at others). */
  succeed(email: string, ip: string): Promise<void>;
}

const TABLE = 'login_failures';

/**
 * A sliding window over failure times, kept in the database: every API process counts the same
 * failures, so a second process does not double the guesses an account or an address gets.
 */
export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const { knex, clock, maxPerAccount = 5, maxPerAddress = 20, windowSeconds = 900 } = options;
  const windowMs = windowSeconds * 1000;
  const accountKey = (email: string) => `a:${email.trim().toLowerCase()}`;
  const addressKey = (ip: string) => `i:${ip}`;
  let lastSweep = 0;

  /** Seconds until enough failures leave the window to allow one more attempt; 0 when allowed. */
  async function waitFor(key: string, max: number, now: number): Promise<number> {
    const newest = (await knex(TABLE)
      .select('at')
      .where('key', key)
      .where('at', '>', now - windowMs)
      .orderBy('at', 'desc')
      .limit(max)) as {
      at: number | string;
    }[];
    if (newest.length < max) return 0;
    const freesAt = Number(newest[max - 1]!.at) + windowMs;
    return Math.max(1, Math.ceil((freesAt - now) / 1000));
  }

  return {
    async check(email, ip) {
      const now = clock().getTime();
      const wait = Math.max(
        await waitFor(accountKey(email), maxPerAccount, now),
        await waitFor(addressKey(ip), maxPerAddress, now),
      );
      if (wait > 0) throw new TooManyAttemptsError(wait);
    },
    async fail(email, ip) {
      const now = clock().getTime();
      await knex(TABLE).insert([
        { key: accountKey(email), at: now },
        { key: addressKey(ip), at: now },
      ]);
      // Failures older than the window count for nothing: dropped now and then.
      if (now - lastSweep >= windowMs) {
        lastSweep = now;
        await knex(TABLE)
          .where('at', '<=', now - windowMs)
          .delete();
      }
    },
    async succeed(email) {
      await knex(TABLE).where('key', accountKey(email)).delete();
    },
  };
}
