import { systemClock, type Clock } from '../clock.js';
import { TooManyAttemptsError } from '../errors.js';
import type { KnexDb } from './db-port.js';

const TABLE = 'rate_hits';

/** A sliding window of hits per key, in the database so every API process counts the same. */
export function createRateLimit(db: KnexDb, options: { max: number; windowSeconds: number; clock?: Clock }) {
  const clock = options.clock ?? systemClock;
  const windowMs = options.windowSeconds * 1000;
  return {
    /** Counts a hit on every key, or throws TooManyAttemptsError when one of them is full. */
    async hit(keys: string[]): Promise<void> {
      const now = clock().getTime();
      await db
        .knex(TABLE)
        .where('at', '<=', now - windowMs)
        .delete();
      for (const key of keys) {
        const rows = (await db.knex(TABLE).select('at').where('key', key).orderBy('at', 'desc').limit(options.max)) as {
          at: number | string;
        }[];
        if (rows.length >= options.max) {
          const freesAt = Number(rows[options.max - 1]!.at) + windowMs;
          throw new TooManyAttemptsError(Math.max(1, Math.ceil((freesAt - now) / 1000)));
        }
      }
      await db.knex(TABLE).insert(keys.map((key) => ({ key, at: now })));
    },
  };
}

export type RateLimit = ReturnType<typeof createRateLimit>;
