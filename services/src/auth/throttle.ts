import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import { PG_LOCK_NAMESPACE } from '../db/database.js';
import { TooManyAttemptsError } from '../errors.js';
import type { KnexDb } from './db-port.js';

export interface LoginThrottleOptions {
  db: KnexDb;
  clock: Clock;
  /** Failures one address may make on one account. */
  maxPerPair?: number;
  /** Failures on one account from everywhere; an address that signed in to it before is exempt. */
  maxPerAccount?: number;
  /** Failures from one address across accounts (an office behind one NAT shares it). */
  maxPerAddress?: number;
  windowSeconds?: number;
  /** How long an address that signed in stays known to the account. */
  knownForSeconds?: number;
}

/** One reserved attempt: it counts as a failure until the password proves it right. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

export interface LoginThrottle {
  /** Counts the attempt before the password is verified, atomically, or throws TooManyAttemptsError. */
  reserve(email: string, ip: string): Promise<LoginAttempt>;
  /** Drops the account's failures, from every address: its owner has just proven the mailbox with a reset. */
  forgive(email: string): Promise<void>;
}

const FAILURES = 'login_failures';
const KNOWN = 'login_known_addresses';

/**
 * A sliding window over failure times, kept in the database so every API process counts the same
 * failures. The attempt is written before the (slow) password check under a per-account lock: racing
 * guesses cannot all pass the check and then all be verified.
 */
export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const { db, clock } = options;
  const { maxPerPair = 5, maxPerAccount = 50, maxPerAddress = 100 } = options;
  const windowMs = (options.windowSeconds ?? 900) * 1000;
  const knownMs = (options.knownForSeconds ?? 90 * 24 * 3600) * 1000;
  let lastSweep = 0;

  async function waitFor(trx: Knex, key: string, max: number, now: number): Promise<number> {
    const newest = (await trx(FAILURES)
      .select('at')
      .where('key', key)
      .where('at', '>', now - windowMs)
      .orderBy('at', 'desc')
      .limit(max)) as { at: number | string }[];
    if (newest.length < max) return 0;
    const freesAt = Number(newest[max - 1]!.at) + windowMs;
    return Math.max(1, Math.ceil((freesAt - now) / 1000));
  }

  async function isKnown(trx: Knex, pair: string, now: number): Promise<boolean> {
    const row = (await trx(KNOWN).where('pair', pair).first('at')) as { at: number | string } | undefined;
    return row !== undefined && Number(row.at) > now - knownMs;
  }

  async function sweep(now: number) {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    await db
      .knex(FAILURES)
      .where('at', '<=', now - windowMs)
      .delete();
    await db
      .knex(KNOWN)
      .where('at', '<=', now - knownMs)
      .delete();
  }

  return {
    async forgive(email) {
      const account = `a:${email.trim().toLowerCase()}`;
      const pairs = `p:${email.trim().toLowerCase()}|`;
      await db.writeTransaction(async (trx) => {
        await trx(FAILURES).where('key', account).delete();
        // By prefix without LIKE, whose _ and % an address may hold.
        await trx(FAILURES).whereRaw('substr(key, 1, ?) = ?', [pairs.length, pairs]).delete();
      });
    },
    async reserve(email, ip) {
      const account = `a:${email.trim().toLowerCase()}`;
      const pair = `p:${email.trim().toLowerCase()}|${ip}`;
      const address = `i:${ip}`;
      const now = clock().getTime();
      await db.writeTransaction(async (trx) => {
        // SQLite's BEGIN IMMEDIATE already serializes; PostgreSQL serializes attempts per account here.
        if (db.dialect === 'pg') {
          await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [PG_LOCK_NAMESPACE, account]);
        }
        const known = await isKnown(trx, pair, now);
        const wait = Math.max(
          await waitFor(trx, pair, maxPerPair, now),
          known ? 0 : await waitFor(trx, account, maxPerAccount, now),
          await waitFor(trx, address, maxPerAddress, now),
        );
        if (wait > 0) throw new TooManyAttemptsError(wait);
        await trx(FAILURES).insert([account, pair, address].map((key) => ({ key, at: now })));
      });
      return {
        async failed() {
          await sweep(now);
        },
        async succeeded() {
          await db.writeTransaction(async (trx) => {
            // The address's earlier failures stay: one good account must not launder guesses at others.
            await trx(FAILURES).whereIn('key', [account, pair]).delete();
            await trx(FAILURES).where({ key: address, at: now }).delete();
            await trx(KNOWN).insert({ pair, at: now }).onConflict('pair').merge();
          });
        },
      };
    },
  };
}
