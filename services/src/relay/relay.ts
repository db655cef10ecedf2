import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@drinks/contracts';
import type { Db } from '../db/database.js';
import { silentLogger, type Bus, type BusLogger } from '../bus/types.js';
import type { EventStore } from '../store/types.js';
import { republishLost } from './reconcile.js';
import { createLogFollower } from './step-loop.js';
import { createLease, ensureRelayTables, readCheckpoint, writeCheckpoint, type Lease } from './tables.js';

export interface RelayOptions {
  store: EventStore;
  bus: Bus;
  db: Pick<Db, 'knex' | 'dialect'>;
  /** Checkpoint and lease name. */
  name?: string;
  batchSize?: number;
  logger?: BusLogger;
  /** Another process may append: look at the log at least this often. */
  pollMs?: number;
  maxBackoffMs?: number;
  /** How long a hole in positions (a commit still in flight) is waited for before it is passed. */
  gapWaitMs?: number;
  /** Only the lease holder publishes; a standby takes over when the lease expires. `false` turns it off. */
  lease?: false | { holder?: string; ttlMs?: number };
  /** How often the stream is checked for lost events (also right after a failed publish). */
  reconcileMs?: number;
  /** Failed publishes in a row after which the lease is given up for a standby to try (default 5). */
  handOverAfter?: number;
  /** Test hook, called after a publish and before its checkpoint write; a throw ends the loop as a crash would. */
  onPublished?: (events: StoredEvent[]) => void | Promise<void>;
}

export interface Relay {
  start(): Promise<void>;
  /** Finishes the batch in flight, releases the lease and stops. */
  stop(): Promise<void>;
  /** Something was appended: look now instead of at the next poll. */
  poke(): void;
  /** Position of the last event published (the relay's checkpoint). */
  published(): number;
  /** Whether this relay holds the lease (always true without one). */
  active(): boolean;
  /** Republishes what the stream lost (purged or recreated) from the log; resolves how many. */
  reconcile(): Promise<number>;
}

class Crash extends Error {}

/**
 * The outbox relay: tails the log from its checkpoint and publishes every event, in position
 * order, at least once. The checkpoint is written after the bus accepted the batch, so a crash
 * in between republishes it, and JetStream drops the copies by message id.
 */
export function createRelay(options: RelayOptions): Relay {
  const { store, bus, db } = options;
  const name = options.name ?? 'relay';
  const batchSize = options.batchSize ?? 500;
  const logger = options.logger ?? silentLogger;
  const pollMs = options.pollMs ?? 200;
  const maxBackoffMs = options.maxBackoffMs ?? 2000;
  const gapWaitMs = options.gapWaitMs ?? 1000;
  const reconcileMs = options.reconcileMs ?? 3000;
  const leaseTtlMs = options.lease === false ? 0 : (options.lease?.ttlMs ?? 10_000);
  const lease: Lease | null =
    options.lease === false ? null : createLease(db.knex, name, options.lease?.holder ?? randomUUID(), leaseTtlMs);

  const handOverAfter = options.handOverAfter ?? 5;
  let failedInARow = 0;
  /** Until then this relay leaves the lease to others: it could not publish while holding it. */
  let standBackUntil = 0;

  let checkpoint = 0;
  let gapSince: number | null = null;
  let reconcileAt = 0;
  // A step and a reconciliation never overlap: the stream is only inspected with nothing in flight.
  let exclusive: Promise<unknown> = Promise.resolve();
  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = exclusive.then(fn, fn);
    exclusive = next.catch(() => undefined);
    return next;
  }

  async function reconcile(): Promise<number> {
    if (lease && !lease.held()) return 0;
    return republishLost({ store, bus, knex: db.knex, published: checkpoint, batchSize, logger });
  }

  /** The batch up to the first hole in positions, unless the hole has been there too long. */
  function contiguous(batch: StoredEvent[]): StoredEvent[] {
    let end = 0;
    while (end < batch.length && batch[end]!.position === checkpoint + end + 1) end++;
    if (end > 0 || batch.length === 0) {
      gapSince = end < batch.length ? (gapSince ?? Date.now()) : null;
      return batch.slice(0, end);
    }
    gapSince ??= Date.now();
    if (Date.now() - gapSince < gapWaitMs) return [];
    logger.warn({ after: checkpoint, next: batch[0]!.position }, 'relay passes a hole in positions');
    gapSince = null;
    return batch;
  }

  /** One step; resolves true when there may be more to publish right away. */
  async function step(): Promise<boolean> {
    if (lease) {
      if (Date.now() < standBackUntil) return false;
      const wasHeld = lease.held();
      if (!(await lease.hold())) return false;
      // Whoever held the lease before us has moved the checkpoint on.
      if (!wasHeld) checkpoint = Math.max(checkpoint, await readCheckpoint(db.knex, name));
    }
    const read = await store.readAll(checkpoint, batchSize);
    const batch = contiguous(read);
    if (batch.length === 0) return false;
    await bus.publish(batch);
    failedInARow = 0;
    try {
      await options.onPublished?.(batch);
    } catch (err) {
      throw new Crash(String(err));
    }
    const last = batch[batch.length - 1]!.position;
    await writeCheckpoint(db, name, last);
    checkpoint = last;
    return read.length === batchSize || batch.length < read.length;
  }

  const loop = createLogFollower({
    store,
    lease,
    releaseFailed: (err) => logger.warn({ err, relay: name }, 'relay lease release failed'),
    async step() {
      if (Date.now() >= reconcileAt) {
        reconcileAt = Date.now() + reconcileMs;
        await serial(reconcile);
      }
      return serial(step);
    },
    idleMs: () => (gapSince === null ? pollMs : Math.min(pollMs, 50)),
    backoffMs: { first: 100, max: maxBackoffMs },
    failed(err, retryInMs) {
      if (err instanceof Crash) {
        logger.error({ err, relay: name }, 'relay crashed (test hook)');
        return 'stop';
      }
      logger.warn({ err, relay: name, after: checkpoint, retryInMs }, 'relay publish failed, retrying');
      reconcileAt = 0;
      // A relay that cannot reach the broker (a wrong NATS_URL, a partition) would otherwise keep renewing
      // the lease while publishing nothing, and the standby that can publish would never get its turn.
      if (lease?.held() && ++failedInARow >= handOverAfter) {
        failedInARow = 0;
        standBackUntil = Date.now() + leaseTtlMs;
        logger.warn({ relay: name, standBackMs: leaseTtlMs }, 'relay cannot publish: lease given up for a standby');
        void lease.release().catch((e: unknown) => logger.warn({ err: e, relay: name }, 'relay lease release failed'));
      }
    },
  });

  return {
    async start() {
      if (loop.running()) return;
      await ensureRelayTables(db);
      checkpoint = await readCheckpoint(db.knex, name);
      loop.start();
    },
    stop: () => loop.stop(),
    poke: () => loop.poke(),
    published: () => checkpoint,
    active: () => lease?.held() ?? true,
    reconcile: () => serial(reconcile),
  };
}
