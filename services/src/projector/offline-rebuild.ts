import { dropIndexesIfPresent, type Projection } from '@drinks/projections';
import type { Knex } from 'knex';
import type { ProjectorLogger, RebuildResult } from './projector.js';
import { writeCheckpoints, type ProjectorDb } from './checkpoints.js';
import { lockCheckpoints } from './checkpoint-locks.js';

/**
 * Drops the target projections' tables and replays the whole log into them, in this process (beside it,
 * online-rebuild.ts builds a shadow schema on PostgreSQL without downtime). Offline on SQLite: its commits
 * skip the fsync meanwhile, so appends sharing the connection must wait.
 */
export async function rebuildOffline(parts: {
  db: ProjectorDb;
  logger?: ProjectorLogger | undefined;
  targets: readonly Projection[];
  transaction: <T>(fn: (trx: Knex.Transaction) => Promise<T>) => Promise<T>;
  reset(names: readonly string[]): void;
  /** Applies the log from its start to the targets; the last position reached. */
  replay(targets: readonly Projection[]): Promise<number>;
}): Promise<RebuildResult> {
  const { db, logger, targets, transaction } = parts;
  const started = performance.now();
  const zero = new Map(targets.map((p) => [p.name, 0]));
  // Tables and checkpoints reset together: a crash never leaves empty tables with an old checkpoint.
  await transaction(async (trx) => {
    for (const p of targets) {
      for (const table of p.tables) await trx.schema.dropTableIfExists(table);
      await p.migrate(trx);
      // Built once the rows are in (below): one sort each instead of an index write per row.
      // A crash before that leaves them to the next start's migrate.
      await dropIndexesIfPresent(
        trx,
        (p.indexes ?? []).map((i) => i.name),
      );
    }
    await writeCheckpoints(trx, zero);
  });
  parts.reset([...zero.keys()]);
  const reached = await withoutSyncPerCommit(db, () => parts.replay(targets));
  // A durable commit that writes (the checkpoints, as they stand): on both databases it
  // flushes every relaxed commit before it.
  await transaction(async (trx) => {
    for (const p of targets) await p.migrate(trx);
    await writeCheckpoints(
      trx,
      await lockCheckpoints(
        trx,
        targets.map((p) => p.name),
        db.dialect,
      ),
    );
  });
  const ms = performance.now() - started;
  const result = {
    projections: targets.map((p) => p.name),
    events: reached,
    position: reached,
    ms,
    eventsPerSecond: ms > 0 ? Math.round((reached / ms) * 1000) : 0,
  };
  logger?.info(result, 'projector: rebuilt');
  return result;
}

/**
 * A rebuild's commits need not each wait for the disk: a crash rolls the last of them back,
 * tables and checkpoints together, and the next start carries on from the checkpoint. SQLite
 * (WAL) stays uncorrupted at synchronous=NORMAL; PostgreSQL's commits are relaxed one by one.
 */
async function withoutSyncPerCommit<T>(db: ProjectorDb, fn: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'sqlite') return fn();
  await db.knex.raw('PRAGMA synchronous = NORMAL');
  try {
    return await fn();
  } finally {
    await db.knex.raw('PRAGMA synchronous = FULL');
  }
}
