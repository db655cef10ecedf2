import { ALL_PROJECTIONS } from '@drinks/projections';
import type { Knex } from 'knex';
import { ensureCoreTables } from '../db/migrations.js';
import { createWaiters } from './waiters.js';

export const CHECKPOINTS_TABLE = 'checkpoints';

/** The part of `Db` (db/database.ts) the projector needs. */
export interface ProjectorDb {
  knex: Knex;
  dialect: 'sqlite' | 'pg';
  writeTransaction?<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
}

/** The core migration creates it (db/migrations.ts); a projector may start before anyone migrated. */
export const ensureCheckpointsTable = (db: ProjectorDb) => ensureCoreTables(db, [CHECKPOINTS_TABLE]);

/** Checkpoints of `names`; a name without a row is at 0. */
export async function readCheckpoints(
  db: Knex | Knex.Transaction,
  names: readonly string[],
  forUpdate = false,
): Promise<Map<string, number>> {
  const q = db(CHECKPOINTS_TABLE).select('name', 'position').whereIn('name', names);
  if (forUpdate) q.forUpdate();
  const rows = (await q) as { name: string; position: unknown }[];
  const out = new Map(names.map((n) => [n, 0]));
  for (const r of rows) out.set(r.name, Number(r.position));
  return out;
}

export async function writeCheckpoints(trx: Knex.Transaction, positions: ReadonlyMap<string, number>): Promise<void> {
  if (positions.size === 0) return;
  const rows = [...positions].map(([name, position]) => ({ name, position }));
  await trx(CHECKPOINTS_TABLE).insert(rows).onConflict('name').merge();
}

export const minOf = (positions: ReadonlyMap<string, number>): number =>
  positions.size === 0 ? 0 : Math.min(...positions.values());

export interface CheckpointWatcher {
  /** The lowest checkpoint among the watched projections. */
  current(): Promise<number>;
  /**
   * The lowest checkpoint as last read, without waiting: checkpoints only move forward, so it is a lower
   * bound of where the projections are. Reading it refreshes it in the background when it is older than
   * the poll interval.
   */
  known(): number;
  /** Resolves true once every watched projection reached `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

export interface CheckpointWatcherOptions {
  names?: readonly string[];
  pollMs?: number;
}

/** For processes that do not run the projector: polls the checkpoints table. */
export function createCheckpointWatcher(
  db: Pick<ProjectorDb, 'knex'>,
  options: CheckpointWatcherOptions = {},
): CheckpointWatcher {
  const names = options.names ?? ALL_PROJECTIONS.map((p) => p.name);
  const pollMs = options.pollMs ?? 25;
  let known = 0;
  let readAt = 0;
  let reading: Promise<unknown> | undefined;
  const current = async () => {
    const at = Date.now();
    const position = minOf(await readCheckpoints(db.knex, names));
    known = Math.max(known, position);
    readAt = Math.max(readAt, at);
    return position;
  };
  const watcher: CheckpointWatcher = {
    current,
    known() {
      if (!reading && Date.now() - readAt >= pollMs)
        reading = current()
          .catch(() => undefined)
          .finally(() => (reading = undefined));
      return known;
    },
    // One poll serves every waiter: a read per waiter per tick cost an API process without a projector
    // a checkpoint read per command in flight every 25 ms.
    waitFor: (position, timeoutMs) => waiters.waitFor(position, timeoutMs),
  };
  const waiters = createWaiters(() => known, watcher, pollMs);
  return watcher;
}
