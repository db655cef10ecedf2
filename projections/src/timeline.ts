import { tag, type TimelineKind, type EventType, type TimelineEntry } from '@drinks/contracts';
import type { Knex } from 'knex';
import { iso } from './sql.js';

type Db = Knex | Knex.Transaction;

const KINDS = {
  OrderPlaced: 'placed',
  OrderStarted: 'started',
  OrderCompleted: 'completed',
  OrderRejected: 'rejected',
  OrderCancelled: 'cancelled',
  OrderPickedUp: 'picked',
  OrderRecalled: 'recalled',
} as const satisfies Partial<Record<EventType, TimelineKind>>;

const TYPES = Object.keys(KINDS) as (keyof typeof KINDS)[];

interface LogRow {
  position: number | string;
  type: keyof typeof KINDS;
  data: string;
  occurred_at: string;
}

/** The fields of the order events' data (all at schema version 1) the timeline reads. */
interface OrderEventData {
  userId: string;
  userName?: string;
  by?: string;
  reason?: string;
}

/** One decimal is as precise as a person reads a wait. */
export const minutesBetween = (from: string, to: string): number =>
  Math.round((Date.parse(to) - Date.parse(from)) / 6_000) / 10;

/**
 * The order's events, oldest first, with who did each (current name from rm_users when known).
 * Read straight from the log through its `order:<id>` tag index: no read model to keep.
 */
export async function getTimeline(db: Db, orderId: string): Promise<TimelineEntry[]> {
  const rows = (await db('event_tags as t')
    .join('events as e', 'e.position', 't.position')
    .select('e.position', 'e.type', 'e.data', 'e.occurred_at')
    .where('t.tag', tag.order(orderId))
    .whereIn('e.type', TYPES)
    .orderBy('t.position', 'asc')) as LogRow[];
  const entries = rows.map((r) => {
    const d = JSON.parse(r.data) as OrderEventData;
    const placed = r.type === 'OrderPlaced';
    return {
      kind: KINDS[r.type],
      at: iso(r.occurred_at),
      actorId: (placed ? d.userId : d.by) ?? null,
      // The name the event itself carries (the owner's, on placement); rm_users wins.
      eventName: placed ? (d.userName ?? null) : null,
      reason: r.type === 'OrderRejected' ? (d.reason ?? null) : null,
    };
  });
  const ids = [...new Set(entries.flatMap((e) => (e.actorId === null ? [] : [e.actorId])))];
  const users =
    ids.length === 0
      ? []
      : ((await db('rm_users').select('id', 'name').whereIn('id', ids)) as { id: string; name: string }[]);
  const names = new Map(users.map((u) => [u.id, u.name]));
  return entries.map((e, i) => ({
    kind: e.kind,
    at: e.at,
    by: e.actorId === null ? null : { id: e.actorId, name: names.get(e.actorId) ?? e.eventName },
    reason: e.reason,
    minutesSincePrevious: i === 0 ? null : minutesBetween(entries[i - 1]!.at, e.at),
  }));
}
