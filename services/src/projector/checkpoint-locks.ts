import type { Knex } from 'knex';
import { CHECKPOINTS_TABLE, readCheckpoints } from './checkpoints.js';

/**
 * Exclusive ownership of projections across projector processes.
 *
 * Each apply transaction holds the row locks of its projections' checkpoints until it commits,
 * so only one process at a time applies events to a projection; the other waits, then reads the
 * checkpoint the first one committed and applies only what lies beyond it. On SQLite a write
 * transaction is already exclusive (BEGIN IMMEDIATE): a plain read inside it is enough.
 */
export async function lockCheckpoints(
  trx: Knex.Transaction,
  names: readonly string[],
  dialect: 'sqlite' | 'pg',
): Promise<Map<string, number>> {
  if (dialect !== 'pg') return readCheckpoints(trx, names);
  // One lock order for every process: two transactions never wait on each other in a cycle.
  const sorted = [...new Set(names)].sort();
  let rows = await selectForUpdate(trx, sorted);
  if (rows.length < sorted.length) {
    // A missing row cannot be locked: create it (at 0) first. Another process inserting the same
    // name waits on the unique key until we commit, so the insert itself serializes us.
    const have = new Set(rows.map((r) => r.name));
    const missing = sorted.filter((n) => !have.has(n)).map((name) => ({ name, position: 0 }));
    await trx(CHECKPOINTS_TABLE).insert(missing).onConflict('name').ignore();
    rows = await selectForUpdate(trx, sorted);
  }
  const out = new Map(names.map((n) => [n, 0]));
  for (const r of rows) out.set(r.name, Number(r.position));
  return out;
}

/** Creates the checkpoint rows (at 0) that do not exist yet, so the first apply has a row to lock. */
export async function ensureCheckpointRows(knex: Knex, names: readonly string[]): Promise<void> {
  const rows = [...new Set(names)].sort().map((name) => ({ name, position: 0 }));
  if (rows.length > 0) await knex(CHECKPOINTS_TABLE).insert(rows).onConflict('name').ignore();
}

async function selectForUpdate(
  trx: Knex.Transaction,
  sorted: readonly string[],
): Promise<{ name: string; position: unknown }[]> {
  return trx(CHECKPOINTS_TABLE).select('name', 'position').whereIn('name', sorted).orderBy('name').forUpdate();
}
