import type { Knex } from 'knex';

/** The core migration creates these; the guard lets a relay run on a database opened without it. */
export async function ensureRelayTables(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('checkpoints'))) {
    await knex.schema.createTable('checkpoints', (t) => {
      t.text('name').primary();
      t.bigInteger('position').notNullable();
    });
  }
  if (!(await knex.schema.hasTable('leases'))) {
    await knex.schema.createTable('leases', (t) => {
      t.text('name').primary();
      t.text('holder').notNullable();
      t.bigInteger('expires_at').notNullable();
    });
  }
}

export async function readCheckpoint(knex: Knex, name: string): Promise<number> {
  const row = await knex('checkpoints').where({ name }).first('position');
  return row ? Number(row.position) : 0;
}

/** Never moves a checkpoint backwards (a relay that lost its lease may still finish a batch). */
export async function writeCheckpoint(knex: Knex, name: string, position: number): Promise<void> {
  await knex('checkpoints').insert({ name, position: 0 }).onConflict('name').ignore();
  await knex('checkpoints').where({ name }).andWhere('position', '<', position).update({ position });
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
