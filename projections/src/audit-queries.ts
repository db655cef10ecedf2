import { ORDER_EVENT_TYPES, type AuditItem, type EventType, type StoredEvent } from '@drinks/contracts';
import type { Knex } from 'knex';
import { actorOf, AUDIT_TABLE, describeEvent, MAX_AUDIT_PAGE } from './audit.js';
import { iso, num } from './sql.js';

type Db = Knex | Knex.Transaction;

export interface AuditFilter {
  types?: readonly EventType[];
  actorId?: string;
  /** An entity tag such as `order:<id>`. */
  entity?: string;
  /** Range on the event's instant: [from, to). */
  from?: Date;
  to?: Date;
  /** At most MAX_AUDIT_PAGE. */
  limit: number;
  /** Only events below this position: the previous page's `nextBefore`. */
  before?: number;
}

interface EventRow {
  position: unknown;
  type: string;
  data: string;
  metadata: string;
  occurred_at: string;
}

/**
 * The first position of an event at or after `instant` (one past the last when none), by a binary
 * search over the key: positions are in time order, so the instant needs no index of its own.
 */
async function firstPositionAt(db: Db, instant: string, lo: number, hi: number): Promise<number> {
  let [low, high] = [lo, hi + 1];
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    const row = (await db('events')
      .select('position', 'occurred_at')
      .where('position', '>=', mid)
      .orderBy('position')
      .first()) as { position: unknown; occurred_at: string } | undefined;
    if (!row || row.occurred_at >= instant) high = mid;
    else low = num(row.position) + 1;
  }
  return low;
}

async function positionRange(db: Db, f: AuditFilter): Promise<{ from?: number; below?: number }> {
  if (!f.from && !f.to) return {};
  const bounds = (await db('events').min('position as lo').max('position as hi').first()) as
    { lo: unknown; hi: unknown } | undefined;
  if (!bounds || bounds.lo === null) return {};
  const [lo, hi] = [num(bounds.lo), num(bounds.hi)];
  return {
    ...(f.from ? { from: await firstPositionAt(db, f.from.toISOString(), lo, hi) } : {}),
    ...(f.to ? { below: await firstPositionAt(db, f.to.toISOString(), lo, hi) } : {}),
  };
}

const ORDER_TYPES: readonly EventType[] = ORDER_EVENT_TYPES;
const USER_TYPES: readonly EventType[] = [
  'UserRegistered',
  'UserRenamed',
  'UserRoleChanged',
  'UserAvailabilityChanged',
];
/**
 * The types whose entities (describeEvent) can name an entity of each kind. The log tags more than
 * that (an order's menu and day, a user's email): the entity filter keeps to what the page lists.
 */
const ENTITY_TYPES: Record<string, readonly EventType[]> = {
  order: ORDER_TYPES,
  user: [...USER_TYPES, ...ORDER_TYPES],
  menu: ['MenuCreated', 'MenuChanged', 'MenuActivityChanged', 'OrderPlaced'],
  category: ['CategoryCreated', 'CategoryChanged', 'MenuCreated', 'MenuChanged'],
  shop: ['ShopStatusChanged'],
};

const subjectOf = (e: StoredEvent): string | null => ('userId' in e.data ? e.data.userId : null);

async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = (await db('rm_users').select('id', 'name').whereIn('id', ids)) as { id: string; name: string }[];
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Newest first, read from the log itself; `nextBefore` is the cursor for the next page, null on the
 * last one. The audit projection only indexes events by actor.
 */
export async function listAudit(db: Db, f: AuditFilter): Promise<{ items: AuditItem[]; nextBefore: number | null }> {
  const limit = Math.max(1, Math.min(MAX_AUDIT_PAGE, f.limit));
  const types = f.types && f.types.length > 0 ? f.types : null;
  // Each filter walks the index that answers it: the log's (tag, position) and (type, position), or rm_audit's (actor, position).
  let q: Knex.QueryBuilder;
  let key: string;
  if (f.entity !== undefined) {
    const about = ENTITY_TYPES[f.entity.split(':')[0]!] ?? [];
    q = db('event_tags as t').join('events as e', 'e.position', 't.position').where('t.tag', f.entity);
    q.whereIn('e.type', types ? about.filter((t) => types.includes(t)) : about);
    key = 't.position';
  } else if (f.actorId !== undefined) {
    q = db(`${AUDIT_TABLE} as a`).join('events as e', 'e.position', 'a.position');
    if (types) q.whereIn('e.type', types);
    key = 'a.position';
  } else {
    q = db('events as e');
    if (types) q.whereIn('e.type', types);
    key = 'e.position';
  }
  if (f.actorId !== undefined) {
    if (key !== 'a.position') q.join(`${AUDIT_TABLE} as a`, 'a.position', 'e.position');
    q.where('a.actor_id', f.actorId);
  }
  q.select('e.position', 'e.type', 'e.data', 'e.metadata', 'e.occurred_at');
  const range = await positionRange(db, f);
  if (range.from !== undefined) q.where(key, '>=', range.from);
  if (range.below !== undefined) q.where(key, '<', range.below);
  // The exact instants still decide (ISO text in UTC, so it compares as it reads): the range only bounds the walk.
  if (f.from) q.where('e.occurred_at', '>=', f.from.toISOString());
  if (f.to) q.where('e.occurred_at', '<', f.to.toISOString());
  if (f.before !== undefined) q.where(key, '<', f.before);
  const rows = (await q.orderBy(key, 'desc').limit(limit + 1)) as EventRow[];
  // Every event type is at schema version 1 (no upcasters), so the stored data is the current shape.
  const events = rows.slice(0, limit).map(
    (r) =>
      ({
        position: num(r.position),
        type: r.type,
        data: JSON.parse(r.data),
        metadata: JSON.parse(r.metadata),
        occurredAt: r.occurred_at,
      }) as StoredEvent,
  );
  // Actors and the users a user event is about (a role change names its target), in one lookup.
  const userIds = events.flatMap((e) => [actorOf(e), USER_TYPES.includes(e.type) ? subjectOf(e) : null]);
  const names = await namesOf(db, [...new Set(userIds.filter((id): id is string => id !== null))]);
  const page = events.map((e) => ({ e, ...describeEvent(e, (id) => names.get(id)) }));
  const items = page.map(({ e, summary, entities, actor }) => ({
    position: e.position,
    at: iso(e.occurredAt),
    type: e.type,
    actor: actor === null ? null : { id: actor, name: names.get(actor) ?? null },
    summary,
    entities: [...new Set(entities)].sort(),
  }));
  const last = rows.length > limit ? page[page.length - 1] : undefined;
  return { items, nextBefore: last ? last.e.position : null };
}
