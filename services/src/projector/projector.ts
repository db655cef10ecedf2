import type { StoredEvent } from '@drinks/contracts';
import type { Projection, ProjectionContext } from '@drinks/projections';
import type { Knex } from 'knex';
import type { EventStore } from '../store/types.js';
import {
  createCheckpointWatcher,
  ensureCheckpointsTable,
  minOf,
  readCheckpoints,
  writeCheckpoints,
  type ProjectorDb,
} from './checkpoints.js';
import { ensureCheckpointRows, lockCheckpoints } from './checkpoint-locks.js';
import { rebuildOffline } from './offline-rebuild.js';
import { createWaiters } from './waiters.js';
import { relaxedTransaction } from '../db/relaxed.js';

export { createCheckpointWatcher, type CheckpointWatcher, type ProjectorDb } from './checkpoints.js';

export interface ProjectorLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface ProjectorOptions {
  db: ProjectorDb;
  store: Pick<EventStore, 'readAll' | 'head'>;
  projections: readonly Projection[];
  timeZone: string;
  logger?: ProjectorLogger;
  /** Events per transaction when reading the log for a catch-up or a gap (default 5,000). */
  batchSize?: number;
  /** Events per transaction during a rebuild (default 5,000: larger reads cost more in garbage collection than they save). */
  rebuildBatchSize?: number;
  pollMs?: number;
  /** Called after each commit, before waiters wake, with the events it covered. */
  onApplied?: (events: readonly StoredEvent[]) => void;
}

export interface RebuildResult {
  projections: string[];
  events: number;
  position: number;
  ms: number;
  eventsPerSecond: number;
}

export interface Projector {
  migrate(): Promise<void>;
  /** Takes news of `position` (a delivery, a local append) as a signal to apply everything the log holds by now. */
  follow(position: number): Promise<void>;
  /** Applies everything in the log after each checkpoint; returns the position reached. */
  catchUp(): Promise<number>;
  /** The lowest checkpoint across projections. */
  position(): number;
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  /**
   * Drops the named projections' tables (all by default) and replays the log into them. Offline on
   * SQLite: its commits skip the fsync meanwhile, so appends sharing the connection must wait.
   */
  rebuild(names?: readonly string[]): Promise<RebuildResult>;
}

/** A projection's checkpoint lies before the events offered: they cannot be applied. */
class GapError extends Error {
  override name = 'GapError';
}

/** `events` are every event of the log in (after, last], in position order. */
interface Span {
  after: number;
  events: readonly StoredEvent[];
}

export function createProjector(options: ProjectorOptions): Projector {
  const { db, store, projections, logger } = options;
  const batchSize = options.batchSize ?? 5_000;
  const rebuildBatchSize = options.rebuildBatchSize ?? 5_000;
  const ctx: ProjectionContext = { timeZone: options.timeZone };
  const prefetch = db.dialect === 'pg';
  const names = projections.map((p) => p.name);
  const handled = new Map(projections.map((p) => [p.name, new Set<string>(p.handles)]));
  const checkpoints = new Map(names.map((n) => [n, 0]));
  const position = () => minOf(checkpoints);
  const waiters = createWaiters(position, createCheckpointWatcher(db, { names, pollMs: options.pollMs ?? 25 }));
  const transaction = <T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> =>
    db.writeTransaction ? db.writeTransaction(fn) : db.knex.transaction(fn);
  const relaxed = relaxedTransaction(db);

  // Every apply runs one after the other: a bus delivery never races a catch-up.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn);
    queue = run.catch(() => undefined);
    return run;
  };

  async function reload(): Promise<void> {
    for (const [n, p] of await readCheckpoints(db.knex, names)) checkpoints.set(n, p);
  }

  async function applySpan(span: Span, targets: readonly Projection[]): Promise<void> {
    const { after, events } = span;
    const last = events[events.length - 1];
    if (!last) return;
    const advanced = new Map<string, number>();
    const seen = new Map<string, number>();
    // Read models commit without waiting for the disk: tables and checkpoint commit together, so a
    // crash that loses the last of these commits leaves a checkpoint the next start replays from.
    await relaxed(async (trx) => {
      // Locked until commit: another projector process applying the same span waits, then skips.
      const stored = await lockCheckpoints(
        trx,
        targets.map((p) => p.name),
        db.dialect,
      );
      for (const p of targets) {
        const cp = stored.get(p.name) ?? 0;
        if (cp >= last.position) {
          seen.set(p.name, cp);
          continue;
        }
        if (cp < after) throw new GapError(`${p.name} is at ${cp}, the events start after ${after}`);
        const types = handled.get(p.name)!;
        const mine = events.filter((e) => e.position > cp && types.has(e.type));
        if (mine.length > 0 && p.applyBatch) await p.applyBatch(mine, trx, ctx);
        else for (const e of mine) await p.apply(e, trx, ctx);
        advanced.set(p.name, last.position);
      }
      await writeCheckpoints(trx, advanced);
    });
    for (const [n, p] of [...seen, ...advanced]) checkpoints.set(n, p);
    if (advanced.size > 0) options.onApplied?.(events);
    waiters.notify();
  }

  /** Reads the log after `after` (up to `upTo`) and applies it in batches; returns the last position seen. */
  async function replay(
    after: number,
    upTo: number,
    targets: readonly Projection[],
    size = batchSize,
  ): Promise<number> {
    let next = store.readAll(after, size);
    for (;;) {
      const batch = await next;
      const events = batch.filter((e) => e.position <= upTo);
      const last = events[events.length - 1];
      if (!last) return after;
      // A batch short of `size` held the whole log as it was: the next append brings its own signal.
      const more = last.position < upTo && batch.length === size;
      const read = () => (more ? store.readAll(last.position, size) : Promise.resolve([]));
      // PostgreSQL reads the next batch while this one is applied. SQLite's one connection would
      // only read it first, and keep two batches alive.
      if (prefetch) {
        next = read();
        next.catch(() => undefined); // surfaced by the await above on the next turn
      }
      await applySpan({ after, events }, targets);
      if (!prefetch) next = read();
      after = last.position;
    }
  }

  // Coalesced: whatever arrives while a pass runs is covered by one more pass, not one per signal.
  let wanted = 0;
  let running: Promise<void> | null = null;
  async function toHead(): Promise<void> {
    try {
      await replay(position(), Number.MAX_SAFE_INTEGER, projections);
    } catch (err) {
      if (!(err instanceof GapError)) throw err;
      await reload();
      await replay(position(), Number.MAX_SAFE_INTEGER, projections);
    }
  }
  /** News that the log has reached `target`: applies everything it holds by now, many events per transaction. */
  function follow(target: number): Promise<void> {
    if (target <= position()) return Promise.resolve();
    wanted = Math.max(wanted, target);
    if (running) return running;
    let advanced = false;
    const run = exclusive(async () => {
      while (wanted > position()) {
        const before = position();
        await toHead();
        advanced = position() > before;
        if (!advanced) break;
      }
    });
    running = run.finally(() => {
      running = null;
      // A signal that came after the last check but before this: one more pass.
      if (advanced && wanted > position()) void follow(wanted).catch(() => undefined);
    });
    return running;
  }

  return {
    async migrate() {
      await ensureCheckpointsTable(db);
      await ensureCheckpointRows(db.knex, names);
      for (const p of projections) await p.migrate(db.knex);
      await reload();
    },
    follow,
    catchUp: () =>
      exclusive(async () => {
        await reload();
        await replay(position(), Number.MAX_SAFE_INTEGER, projections);
        return position();
      }),
    position,
    waitFor: (target, timeoutMs) => waiters.waitFor(target, timeoutMs),
    rebuild: (only) =>
      exclusive(() =>
        rebuildOffline({
          db,
          logger,
          targets: only && only.length > 0 ? only.map(find) : projections,
          transaction,
          // The in-memory checkpoints follow the reset tables before the replay starts.
          reset: (names) => names.forEach((n) => checkpoints.set(n, 0)),
          replay: (targets) => replay(0, Number.MAX_SAFE_INTEGER, targets, rebuildBatchSize),
        }),
      ),
  };

  function find(name: string): Projection {
    const p = projections.find((x) => x.name === name);
    if (!p) throw new Error(`Unknown projection '${name}' (known: ${names.join(', ')})`);
    return p;
  }
}
