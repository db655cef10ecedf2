import { systemClock, type Clock } from '../clock.js';
import { PG_LOCK_NAMESPACE } from '../db/database.js';
import { TooManyAttemptsError } from '../errors.js';
import type { KnexDb } from './db-port.js';

const TABLE = 'rate_hits';

/**
 * A sliding window of hits per key, in the database so every API process counts the same. Check and
 * count happen in one write transaction (SQLite's BEGIN IMMEDIATE serializes; PostgreSQL locks the keys),
 * so racing requests cannot all see room and all be counted.
 */
export function createRateLimit(db: KnexDb, options: { max: number; windowSeconds: number; clock?: Clock }) {
  const clock = options.clock ?? systemClock;
  const windowMs = options.windowSeconds * 1000;
  let lastSweep = 0;
  return {
    /**
     * Counts a hit on every key, or throws TooManyAttemptsError (counting none) when one of them is full.
     * Resolves to its undo: the hit is taken back (what it counted did not happen after all).
     */
    async hit(keys: string[]): Promise<() => Promise<void>> {
      const now = clock().getTime();
      await db.writeTransaction(async (trx) => {
        if (db.dialect === 'pg') {
          for (const key of [...keys].sort()) {
            await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [PG_LOCK_NAMESPACE, `rate:${key}`]);
          }
        }
        await trx(TABLE)
          .whereIn('key', keys)
          .where('at', '<=', now - windowMs)
          .delete();
        for (const key of keys) {
          const rows = (await trx(TABLE).select('at').where('key', key).orderBy('at', 'desc').limit(options.max)) as {
            at: number | string;
          }[];
          if (rows.length >= options.max) {
            const freesAt = Number(rows[options.max - 1]!.at) + windowMs;
            throw new TooManyAttemptsError(Math.max(1, Math.ceil((freesAt - now) / 1000)));
          }
        }
        await trx(TABLE).insert(keys.map((key) => ({ key, at: now })));
      });
      // Keys nobody hits again would stay forever: now and then, every expired hit goes.
      if (now - lastSweep >= windowMs) {
        lastSweep = now;
        await db
          .knex(TABLE)
          .where('at', '<=', now - windowMs)
          .delete();
      }
      return async () => {
        await db.writeTransaction(async (trx) => {
          await trx(TABLE).whereIn('key', keys).where('at', now).delete();
        });
      };
    },
  };
}

export type RateLimit = ReturnType<typeof createRateLimit>;
