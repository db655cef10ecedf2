import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@drinks/contracts';
import { chunk, getOrder, getUser, upsertRows } from '@drinks/projections';
import { silentLogger, type BusLogger } from '../bus/types.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { createLogFollower } from '../relay/step-loop.js';
import { advanceCheckpoint, createLease, readCheckpoint, type Lease } from '../relay/tables.js';
import { relaxedTransaction } from '../db/relaxed.js';
import type { EventStore } from '../store/types.js';
import {
  isFresh,
  noticePayload,
  planFor,
  reminderIntent,
  stillTrue,
  type NoticeIntent,
  type ReminderChange,
} from './notices.js';
import { sendWithRetry, type SendPush } from './sender.js';
import { createPushSubscriptions, type StoredSubscription } from './subscriptions.js';

export interface PushDispatcherOptions {
  store: EventStore;
  db: Pick<Db, 'knex' | 'dialect'>;
  send: SendPush;
  /** The position up to which the read models are complete (the projections' lowest checkpoint). */
  readModelsAt: () => Promise<number>;
  clock?: Clock;
  logger?: BusLogger;
  /** Checkpoint and lease name. */
  name?: string;
  /** Only the lease holder sends; `false` turns it off (the delivery claims still keep each notice single). */
  lease?: false | { holder?: string; ttlMs?: number };
  pollMs?: number;
  batchSize?: number;
  maxAttempts?: number;
}

export interface PushDispatcher {
  start(): Promise<void>;
  stop(): Promise<void>;
  poke(): void;
  /** Position of the last event handled. */
  handled(): number;
}

const DELIVERIES = 'push_deliveries';
const REMINDERS = 'push_reminders';
const KEEP_CLAIMS_MS = 2 * 24 * 3600_000;
/** Longer than a send can take: four attempts of at most 10 s each, with their backoff. */
const ORPHANED_AFTER_MS = 2 * 60_000;

/**
 * Follows the log like the relay (from its own checkpoint, under a lease) and pushes the owner's devices
 * "ready", "rejected" and, 10 minutes after a completion still on the counter, "still waiting".
 * It reads only up to where the read models are, so the order's name and status are there to read.
 * Each notice is claimed by inserting its key into push_deliveries before sending: of any number of
 * dispatchers, one sends it. A claim whose sender crashed before sending is sent again two minutes later.
 */
export function createPushDispatcher(options: PushDispatcherOptions): PushDispatcher {
  const { store, db, send } = options;
  const knex = db.knex;
  const name = options.name ?? 'push';
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? silentLogger;
  // This process's appends wake it at once; the poll covers other processes' appends and due reminders.
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 500;
  const subscriptions = createPushSubscriptions(knex, clock);
  const lease: Lease | null =
    options.lease === false
      ? null
      : createLease(knex, name, options.lease?.holder ?? randomUUID(), options.lease?.ttlMs ?? 10_000);

  let checkpoint = 0;
  let prunedAt = 0;
  let orphansCheckedAt = 0;

  async function claim(intent: NoticeIntent): Promise<boolean> {
    const rows = await knex(DELIVERIES)
      .insert({ key: intent.key, at: clock().getTime(), intent: JSON.stringify(intent) })
      .onConflict('key')
      .ignore()
      .returning('key');
    return rows.length > 0;
  }

  /** Most people have no device subscribed: nothing to claim or read for them. */
  async function deliver(intent: NoticeIntent, devices: StoredSubscription[]): Promise<void> {
    if (devices.length === 0 || !(await claim(intent))) return;
    await sendToDevices(intent, devices);
  }

  async function sendToDevices(intent: NoticeIntent, devices: StoredSubscription[]): Promise<void> {
    const [order, user] = await Promise.all([getOrder(knex, intent.orderId), getUser(knex, intent.userId)]);
    if (!stillTrue(intent.kind, order?.status)) {
      await knex(DELIVERIES).where({ key: intent.key }).update({ sent_at: clock().getTime() });
      logger.info({ notice: intent.key, orderId: intent.orderId, status: order?.status }, 'push: no longer true');
      return;
    }
    const payload = JSON.stringify(noticePayload(intent, order?.menu.name ?? 'Your drink', user?.role));
    const outcomes = await Promise.all(
      devices.map(async (device) => {
        const outcome = await sendWithRetry(send, device, payload, { logger, maxAttempts: options.maxAttempts });
        if (outcome === 'gone') await subscriptions.forget(device.endpoint);
        return outcome;
      }),
    );
    await knex(DELIVERIES).where({ key: intent.key }).update({ sent_at: clock().getTime() });
    logger.info({ notice: intent.key, orderId: intent.orderId, outcomes }, 'push: sent');
  }

  /**
   * Claims whose sender died before asking the push service (a crash, a kill): taken over once they are
   * older than any send takes, and sent (a phone that did get the first try shows the same tag once).
   */
  async function resendOrphans(now: number): Promise<void> {
    const orphans = (await knex(DELIVERIES)
      .whereNull('sent_at')
      .where('at', '<', now - ORPHANED_AFTER_MS)
      .orderBy('at')
      .limit(100)) as { key: string; at: unknown; intent: string | null }[];
    for (const row of orphans) {
      const taken = await knex(DELIVERIES)
        .where({ key: row.key, at: Number(row.at) })
        .whereNull('sent_at')
        .update({ at: now });
      if (taken === 0) continue;
      const intent = row.intent ? (JSON.parse(row.intent) as NoticeIntent) : null;
      const devices = intent && isFresh(intent.at, now) ? await subscriptions.ofUser(intent.userId) : [];
      if (intent && devices.length > 0) await sendToDevices(intent, devices);
      else await knex(DELIVERIES).where({ key: row.key }).update({ sent_at: now });
    }
  }

  /**
   * Sends the batch's fresh notices, then records its reminder changes and the checkpoint in one commit
   * that does not wait for the disk: a crash takes both back together and the batch is read again (the
   * claims keep each notice single). One statement per event, each its own commit, made a dispatcher
   * catching up on a long log cost the API process more than the requests it served.
   */
  async function handleBatch(events: readonly StoredEvent[], reached: number): Promise<void> {
    const reminders = new Map<string, ReminderChange>();
    const notices: NoticeIntent[] = [];
    for (const event of events) {
      const { notice, reminder } = planFor(event);
      if (reminder) reminders.set('schedule' in reminder ? reminder.schedule.orderId : reminder.cancel, reminder);
      if (notice && isFresh(notice.at, clock().getTime())) notices.push(notice);
    }
    // One query for the devices of everyone the batch has news for, not one per notice.
    const devices = notices.length > 0 ? await subscriptions.ofUsers([...new Set(notices.map((n) => n.userId))]) : null;
    for (const notice of notices) await deliver(notice, devices?.get(notice.userId) ?? []);
    const scheduled = [...reminders.values()].flatMap((r) => (r && 'schedule' in r ? [r.schedule] : []));
    const cancelled = [...reminders.values()].flatMap((r) => (r && 'cancel' in r ? [r.cancel] : []));
    await relaxedTransaction(db)(async (trx) => {
      for (const orderIds of chunk(cancelled, 500)) await trx(REMINDERS).whereIn('order_id', orderIds).delete();
      const rows = scheduled.map((r) => ({
        order_id: r.orderId,
        user_id: r.userId,
        completed_position: r.completedPosition,
        due_at: r.dueAt,
      }));
      await upsertRows(trx, REMINDERS, 'order_id', rows);
      await advanceCheckpoint(trx, name, reached);
    });
  }

  /** Reminders due now: whoever deletes the row sends it (if the drink is still on the counter, see stillTrue). */
  async function remind(): Promise<void> {
    const now = clock().getTime();
    const due = (await knex(REMINDERS).where('due_at', '<=', now).orderBy('due_at').limit(100)) as {
      order_id: string;
      user_id: string;
      completed_position: unknown;
      due_at: unknown;
    }[];
    for (const row of due) {
      const completedPosition = Number(row.completed_position);
      const taken = await knex(REMINDERS)
        .where({ order_id: row.order_id, completed_position: completedPosition })
        .delete();
      if (taken === 0 || !isFresh(Number(row.due_at), now)) continue;
      await deliver(
        reminderIntent({ orderId: row.order_id, userId: row.user_id, completedPosition, dueAt: Number(row.due_at) }),
        await subscriptions.ofUser(row.user_id),
      );
    }
    // Orphans come only from a crash: a look every half minute, not one more query per step.
    if (now - orphansCheckedAt >= 30_000) {
      orphansCheckedAt = now;
      await resendOrphans(now);
    }
    if (now - prunedAt > 3600_000) {
      prunedAt = now;
      await knex(DELIVERIES)
        .where('at', '<', now - KEEP_CLAIMS_MS)
        .delete();
    }
  }

  /** One step; resolves true when there may be more right away. */
  async function step(): Promise<boolean> {
    const wasHeld = lease?.held() ?? false;
    if (lease && !(await lease.hold())) return false;
    // Whoever held the lease before us (or, without one, any dispatcher) may have moved the checkpoint on.
    if (!wasHeld) checkpoint = Math.max(checkpoint, await readCheckpoint(knex, name));
    const limit = await options.readModelsAt();
    let more = false;
    if (limit > checkpoint) {
      const read = await store.readAll(checkpoint, batchSize);
      const events = read.filter((e) => e.position <= limit);
      // Everything up to `limit` was seen unless the batch was full of events below it.
      more = read.length === batchSize && events.length === read.length;
      const reached = more ? events[events.length - 1]!.position : limit;
      await handleBatch(events, reached);
      checkpoint = reached;
    }
    await remind();
    return more;
  }

  const loop = createLogFollower({
    store,
    lease,
    releaseFailed: (err) => logger.warn({ err, dispatcher: name }, 'push lease release failed'),
    step,
    idleMs: () => pollMs,
    backoffMs: { first: 250, max: 5000 },
    failed(err, retryInMs) {
      // The checkpoint did not move: the same events come again, and their claims keep them single.
      logger.warn({ err, dispatcher: name, after: checkpoint, retryInMs }, 'push dispatcher step failed');
    },
  });

  return {
    async start() {
      if (loop.running()) return;
      // A first start begins at the present: the log's past is no news to anyone's phone.
      await knex('checkpoints')
        .insert({ name, position: await options.readModelsAt() })
        .onConflict('name')
        .ignore();
      checkpoint = await readCheckpoint(knex, name);
      loop.start();
    },
    stop: () => loop.stop(),
    poke: () => loop.poke(),
    handled: () => checkpoint,
  };
}
