import type { Knex } from 'knex';
import type { Db } from '../db/database.js';
import { ensureCoreTables } from '../db/migrations.js';
import { relaxedStatement } from '../db/relaxed.js';

/** The core migration creates these (db/migrations.ts); the guard lets a relay run on a database opened without it. */
export const ensureRelayTables = (db: Pick<Db, 'knex' | 'dialect'>) => ensureCoreTables(db, ['checkpoints', 'leases']);

export async function readCheckpoint(knex: Knex, name: string): Promise<number> {
  const row = await knex('checkpoints').where({ name }).first('position');
  return row ? Number(row.position) : 0;
}

const ADVANCE_CHECKPOINT =
  'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position WHERE checkpoints.position < excluded.position';

/**
 * Never moves a checkpoint backwards (a relay that lost its lease may still finish a batch). The commit
 * does not wait for the disk: a checkpoint a crash takes back only means publishing again what the bus
 * already had, which delivery at least once allows (JetStream drops the copies by message id, projectors
 * skip what their checkpoints cover, push claims each notice once).
 */
export async function writeCheckpoint(
  db: Pick<Db, 'knex' | 'dialect' | 'relaxedKnex'>,
  name: string,
  position: number,
): Promise<void> {
  await relaxedStatement(db)(ADVANCE_CHECKPOINT, [name, position]);
}

/** Moves the checkpoint to `position` (in the caller's transaction, if given one), never backwards. */
export async function advanceCheckpoint(k: Knex | Knex.Transaction, name: string, position: number): Promise<void> {
  await k.raw(ADVANCE_CHECKPOINT, [name, position]);
}

export interface Lease {
  /** Acquires or renews when due; true while this holder has it. */
  hold(): Promise<boolean>;
  held(): boolean;
  release(): Promise<void>;
}

/** A lease row `leases(name, holder, expires_at ms)`: taken when free or expired, renewed at a third of its ttl. */
export function createLease(knex: Knex, name: string, holder: string, ttlMs: number): Lease {
  let expiresAt = 0;
  return {
    async hold() {
      const now = Date.now();
      if (expiresAt - now > (ttlMs * 2) / 3) return true;
      await knex('leases').insert({ name, holder, expires_at: 0 }).onConflict('name').ignore();
      const taken = await knex('leases')
        .where({ name })
        .andWhere((q) => q.where({ holder }).orWhere('expires_at', '<', now))
        .update({ holder, expires_at: now + ttlMs });
      expiresAt = taken > 0 ? now + ttlMs : 0;
      return taken > 0;
    },
    held: () => expiresAt > Date.now(),
    async release() {
      if (expiresAt === 0) return;
      expiresAt = 0;
      await knex('leases').where({ name, holder }).update({ expires_at: 0 });
    },
  };
}
