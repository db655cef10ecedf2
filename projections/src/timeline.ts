import { TimelineKind, type EventType, type StoredEvent, type TimelineEntry } from '@drinks/contracts';
import type { Knex } from 'knex';
import type { Projection } from './projection.js';
import { createTableIfAbsent, iso, upsertRows } from './sql.js';

type Db = Knex | Knex.Transaction;
export const TIMELINE_TABLE = 'rm_order_timeline';

const KINDS = {
  OrderPlaced: 'placed',
  OrderStarted: 'started',
  OrderCompleted: 'completed',
  OrderRejected: 'rejected',
  OrderCancelled: 'cancelled',
  OrderPickedUp: 'picked',
} as const satisfies Partial<Record<EventType, TimelineKind>>;

const HANDLES = Object.keys(KINDS) as (keyof typeof KINDS)[];

interface TimelineRow {
  position: number;
  order_id: string;
  kind: string;
  at: string;
  actor_id: string | null;
  /** The name the event itself carries (the owner's, on placement); the users read model wins at read time. */
  actor_name: string | null;
  reason: string | null;
}

async function migrate(db: Knex): Promise<void> {
  await createTableIfAbsent(db, TIMELINE_TABLE, (t) => {
    t.bigInteger('position').primary();
    t.string('order_id', 64).notNullable();
    t.string('kind', 16).notNullable();
    t.string('at', 32).notNullable();
    t.string('actor_id', 64).nullable();
    t.text('actor_name').nullable();
    t.text('reason').nullable();
    t.index(['order_id', 'position'], 'rm_order_timeline_order_idx');
  });
}

function toRow(e: StoredEvent): TimelineRow | null {
  const row = (order_id: string, actor_id: string, actor_name: string | null = null, reason: string | null = null): TimelineRow => ({
    position: e.position,
    order_id,
    kind: KINDS[e.type as keyof typeof KINDS],
    at: iso(e.occurredAt),
    actor_id,
    actor_name,
    reason,
  });
  switch (e.type) {
    case 'OrderPlaced':
      return row(e.data.orderId, e.data.userId, e.data.userName);
    case 'OrderRejected':
      return row(e.data.orderId, e.data.by, null, e.data.reason);
    case 'OrderStarted':
    case 'OrderCompleted':
    case 'OrderCancelled':
    case 'OrderPickedUp':
      return row(e.data.orderId, e.data.by);
    default:
      return null;
  }
}

async function applyBatch(events: readonly StoredEvent[], trx: Knex.Transaction): Promise<void> {
  const rows = events.map(toRow).filter((r): r is TimelineRow => r !== null);
  await upsertRows(trx, TIMELINE_TABLE, 'position', rows);
}

export const timelineProjection: Projection = {
  name: 'timeline',
  handles: HANDLES,
  tables: [TIMELINE_TABLE],
  migrate,
  apply: (event, trx) => applyBatch([event], trx),
  applyBatch: (events, trx) => applyBatch(events, trx),
};

/** One decimal is as precise as a person reads a wait. */
export const minutesBetween = (from: string, to: string): number =>
  Math.round((Date.parse(to) - Date.parse(from)) / 6_000) / 10;

/** The order's events, oldest first, with who did each (current name from rm_users when known). */
export async function getTimeline(db: Db, orderId: string): Promise<TimelineEntry[]> {
  const rows = (await db(`${TIMELINE_TABLE} as t`)
    .leftJoin('rm_users as u', 'u.id', 't.actor_id')
    .select('t.*', 'u.name as user_name')
    .where('t.order_id', orderId)
    .orderBy('t.position', 'asc')) as (TimelineRow & { user_name: string | null })[];
  return rows.map((r, i) => ({
    kind: TimelineKind.parse(r.kind),
    at: r.at,
    by: r.actor_id === null ? null : { id: r.actor_id, name: r.user_name ?? r.actor_name ?? null },
    reason: r.reason,
    minutesSincePrevious: i === 0 ? null : minutesBetween(rows[i - 1]!.at, r.at),
  }));
}
