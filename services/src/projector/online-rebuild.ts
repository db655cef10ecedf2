import type { StoredEvent } from '@drinks/contracts';
import { dropIndexesIfPresent, type Projection, type ProjectionContext } from '@drinks/projections';
import type { Knex } from 'knex';
import type { EventStore } from '../store/types.js';
import { CHECKPOINTS_TABLE, ensureCheckpointsTable, type ProjectorDb } from './checkpoints.js';
import { ensureCheckpointRows } from './checkpoint-locks.js';

/**
 * Rebuilds projections on PostgreSQL while the system keeps serving: new tables are built in a
 * shadow schema (`<schema>_rebuild_<ts>`) from position 0, caught up to near the head, then swapped
 * in with the checkpoints in one transaction. Projection code uses unqualified names, so its
 * transactions run with `search_path = shadow, live`: its tables land in the shadow schema.
 */
export interface OnlineRebuildOptions {
  db: ProjectorDb & { schema?: string };
  store: Pick<EventStore, 'readAll' | 'head'>;
  /** The projections to rebuild. */
  projections: readonly Projection[];
  timeZone: string;
  logger?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** Events per shadow transaction (default 5,000). */
  batchSize?: number;
  /** Swap once the shadow tables are at most this many events behind the head (default 500). */
  swapWithin?: number;
  /** Catch-up rounds before swapping anyway (default 10). */
  maxRounds?: number;
  /** How long the swap waits for a lock before it backs off and tries again (default 3,000 ms). */
  lockTimeoutMs?: number;
  /** Swap attempts (default 10). */
  swapAttempts?: number;
  /** Awaited after each phase (tests use it to let traffic pile up). */
  onProgress?(progress: { phase: 'replayed' | 'caught-up'; position: number }): void | Promise<void>;
}

export interface OnlineRebuildResult {
  projections: string[];
  /** The live schema the tables were swapped into. */
  schema: string;
  /** The position the swapped-in tables and checkpoints are at. */
  position: number;
  /** How long the swap transaction held the checkpoints. */
  swapMs: number;
  ms: number;
}

const LOCK_ERRORS = new Set(['55P03', '40P01', '57014']); // lock_not_available, deadlock_detected, query_canceled
const TABLE_LOCK_MS = 400;
const id = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function rebuildOnline(options: OnlineRebuildOptions): Promise<OnlineRebuildResult> {
  const { db, store, projections, logger } = options;
  if (db.dialect !== 'pg')
    throw new Error('Online rebuild needs PostgreSQL; on SQLite run the offline rebuild (make rebuild)');
  if (projections.length === 0) throw new Error('Online rebuild: no projection named');
  const batchSize = options.batchSize ?? 5_000;
  const ctx: ProjectionContext = { timeZone: options.timeZone };
  const names = projections.map((p) => p.name);
  const handled = projections.map((p) => [p, new Set<string>(p.handles)] as const);
  const marks = names.map(() => '?').join(', ');
  const started = performance.now();

  const live = db.schema ?? (await currentSchema(db.knex));
  const shadow = `${live.slice(0, 40)}_rebuild_${Date.now().toString(36)}`;
  await ensureCheckpointsTable(db);
  await ensureCheckpointRows(db.knex, names);
  await db.knex.raw(`CREATE SCHEMA ${id(shadow)}`);
  const inShadow = async <T>(trx: Knex.Transaction, fn: () => Promise<T>): Promise<T> => {
    await trx.raw(`SET LOCAL search_path TO ${id(shadow)}, ${id(live)}`);
    return fn();
  };

  async function applyAll(trx: Knex.Transaction, events: readonly StoredEvent[]): Promise<void> {
    for (const [p, types] of handled) {
      const mine = events.filter((e) => types.has(e.type));
      if (mine.length === 0) continue;
      if (p.applyBatch) await p.applyBatch(mine, trx, ctx);
      else for (const e of mine) await p.apply(e, trx, ctx);
    }
  }

  /** Applies the log after `after` to the shadow tables (in `trx`, or one transaction per batch). */
  async function replay(after: number, trx?: Knex.Transaction): Promise<number> {
    for (;;) {
      const events = await store.readAll(after, batchSize);
      const last = events[events.length - 1];
      if (!last) return after;
      if (trx) await applyAll(trx, events);
      else await db.knex.transaction((t) => inShadow(t, () => applyAll(t, events)));
      after = last.position;
      if (events.length < batchSize) return after;
    }
  }

  try {
    const tables = await db.knex.transaction((trx) =>
      inShadow(trx, async () => {
        for (const p of projections) {
          await p.migrate(trx);
          // Built once the rows are in (below), as offline: a sort each instead of a write per row.
          await dropIndexesIfPresent(
            trx,
            (p.indexes ?? []).map((i) => i.name),
            shadow,
          );
        }
        return tablesOf(trx, shadow);
      }),
    );
    const missing = projections.flatMap((p) => p.tables).filter((t) => !tables.includes(t));
    if (missing.length > 0)
      throw new Error(`Online rebuild: migrate did not create ${missing.join(', ')} in the shadow schema`);

    let position = await replay(0);
    await db.knex.transaction((trx) =>
      inShadow(trx, async () => {
        for (const p of projections) await p.migrate(trx);
      }),
    );
    logger?.info({ projections: names, position, shadow }, 'online rebuild: replayed');
    await options.onProgress?.({ phase: 'replayed', position });
    for (let round = 0; round < (options.maxRounds ?? 10); round++) {
      if ((await store.head()) - position <= (options.swapWithin ?? 500)) break;
      position = await replay(position);
    }
    await options.onProgress?.({ phase: 'caught-up', position });

    const attempts = options.swapAttempts ?? 10;
    for (let attempt = 1; ; attempt++) {
      const swapStarted = performance.now();
      try {
        position = await db.knex.transaction((trx) => inShadow(trx, () => swap(trx, position)));
        const swapMs = performance.now() - swapStarted;
        const result = { projections: names, schema: live, position, swapMs, ms: performance.now() - started };
        logger?.info(result, 'online rebuild: swapped');
        return result;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (!code || !LOCK_ERRORS.has(code) || attempt >= attempts) throw err;
        logger?.warn({ attempt, code }, 'online rebuild: swap could not take its locks, catching up and retrying');
        position = await replay(position);
      }
    }
  } finally {
    await db.knex.raw(`DROP SCHEMA IF EXISTS ${id(shadow)} CASCADE`);
  }

  /** One transaction: hold the live checkpoints, apply the last events, move the tables, set the checkpoints. */
  async function swap(trx: Knex.Transaction, from: number): Promise<number> {
    await trx.raw(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(options.lockTimeoutMs ?? 3_000))}`);
    // Same lock order as the projector (leases.ts): a live apply waits here until we commit.
    const { rows } = (await trx.raw(
      `SELECT name, position FROM ${id(live)}.${id(CHECKPOINTS_TABLE)} WHERE name IN (${marks}) ORDER BY name FOR UPDATE`,
      names,
    )) as { rows: { name: string; position: unknown }[] };
    const reached = await replay(from, trx);
    const ahead = rows.find((r) => Number(r.position) > reached);
    // The live checkpoints only count committed events, all of which we just read: never expected.
    if (ahead)
      throw new Error(
        `Online rebuild: live ${ahead.name} is at ${String(ahead.position)}, beyond the log read (${reached})`,
      );
    const tables = await tablesOf(trx, shadow);
    const replaced = (await tablesOf(trx, live)).filter((t) => tables.includes(t));
    if (replaced.length > 0) {
      // All at once and briefly: a reader joining two of these tables may hold one while it waits
      // for another we hold. Giving up well within deadlock_timeout (1 s) makes us the one that
      // backs off (and retries), never the reader.
      await trx.raw(`SET LOCAL statement_timeout = ${TABLE_LOCK_MS}`);
      await trx.raw(`LOCK TABLE ${replaced.map((t) => `${id(live)}.${id(t)}`).join(', ')} IN ACCESS EXCLUSIVE MODE`);
      await trx.raw('SET LOCAL statement_timeout = 0');
    }
    for (const t of tables) {
      await trx.raw(`DROP TABLE IF EXISTS ${id(live)}.${id(t)}`);
      await trx.raw(`ALTER TABLE ${id(shadow)}.${id(t)} SET SCHEMA ${id(live)}`);
    }
    await trx.raw(`UPDATE ${id(live)}.${id(CHECKPOINTS_TABLE)} SET position = ? WHERE name IN (${marks})`, [
      reached,
      ...names,
    ]);
    return reached;
  }
}

async function currentSchema(knex: Knex): Promise<string> {
  const { rows } = (await knex.raw('select current_schema() as s')) as { rows: { s: string | null }[] };
  const s = rows[0]?.s;
  if (!s) throw new Error('Online rebuild: no current schema (search_path names no existing schema)');
  return s;
}

async function tablesOf(trx: Knex.Transaction, schema: string): Promise<string[]> {
  const { rows } = (await trx.raw(
    `select table_name as t from information_schema.tables where table_schema = ? and table_type = 'BASE TABLE' order by table_name`,
    [schema],
  )) as { rows: { t: string }[] };
  return rows.map((r) => r.t);
}
