import type { AuditItem, EventType, StoredEvent } from '@drinks/contracts';
import type { Knex } from 'knex';
import { AUDIT_TABLE, describeEvent, MAX_AUDIT_PAGE } from './audit.js';
import { num } from './sql.js';

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

interface AuditRow {
  position: unknown;
  at: string;
  type: string;
  actor_id: string | null;
  summary: string;
  actor_name: string | null;
}

/**
 * The first position of an event at or after `instant` (one past the last when none), by a binary
 * search over the key: positions are in time order, so `at` needs no index of its own.
 */
async function firstPositionAt(db: Db, instant: string, lo: number, hi: number): Promise<number> {
  let [low, high] = [lo, hi + 1];
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    const row = (await db(AUDIT_TABLE).select('position', 'at').where('position', '>=', mid).orderBy('position').first()) as
      | { position: unknown; at: string }
      | undefined;
    if (!row || row.at >= instant) high = mid;
    else low = num(row.position) + 1;
  }
  return low;
}

async function positionRange(db: Db, f: AuditFilter): Promise<{ from?: number; below?: number }> {
  if (!f.from && !f.to) return {};
  const bounds = (await db(AUDIT_TABLE).min('position as lo').max('position as hi').first()) as { lo: unknown; hi: unknown } | undefined;
  if (!bounds || bounds.lo === null) return {};
  const [lo, hi] = [num(bounds.lo), num(bounds.hi)];
  return {
    ...(f.from ? { from: await firstPositionAt(db, f.from.toISOString(), lo, hi) } : {}),
    ...(f.to ? { below: await firstPositionAt(db, f.to.toISOString(), lo, hi) } : {}),
  };
}

/** The entities each event is about, as the projection names them (sorted, as the page has always listed them). */
async function entitiesOf(db: Db, positions: readonly number[]): Promise<Map<number, string[]>> {
  if (positions.length === 0) return new Map();
  const rows = (await db('events').select('position', 'type', 'data', 'metadata', 'occurred_at').whereIn('position', positions)) as {
    position: unknown;
    type: string;
    data: string;
    metadata: string;
    occurred_at: string;
  }[];
  // Every event type is at schema version 1 (no upcasters), so the stored data is the current shape.
  return new Map(
    rows.map((r) => {
      const e = { position: num(r.position), type: r.type, data: JSON.parse(r.data), metadata: JSON.parse(r.metadata), occurredAt: r.occurred_at };
      return [num(r.position), [...new Set(describeEvent(e as StoredEvent).entities)].sort()];
    }),
  );
}

const ORDER_TYPES: readonly EventType[] = ['OrderPlaced', 'OrderStarted', 'OrderCompleted', 'OrderRejected', 'OrderCancelled', 'OrderPickedUp'];
const USER_TYPES: readonly EventType[] = ['UserRegistered', 'UserRenamed', 'UserRoleChanged', 'UserAvailabilityChanged'];
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

/** Newest first; `nextBefore` is the cursor for the next page, null on the last one. */
export async function listAudit(db: Db, f: AuditFilter): Promise<{ items: AuditItem[]; nextBefore: number | null }> {
  const limit = Math.max(1, Math.min(MAX_AUDIT_PAGE, f.limit));
  const types = f.types && f.types.length > 0 ? f.types : null;
  // Each filter walks the index that answers it: the log's (tag, position) and (type, position), or rm_audit's.
  let q: Knex.QueryBuilder;
  let key: string;
  if (f.entity !== undefined) {
    const about = ENTITY_TYPES[f.entity.split(':')[0]!] ?? [];
    q = db('event_tags as t').join(`${AUDIT_TABLE} as a`, 'a.position', 't.position').where('t.tag', f.entity);
    q.whereIn('a.type', types ? about.filter((t) => types.includes(t)) : about);
    key = 't.position';
  } else if (types) {
    q = db('events as e').join(`${AUDIT_TABLE} as a`, 'a.position', 'e.position').whereIn('e.type', types);
    key = 'e.position';
  } else {
    q = db(`${AUDIT_TABLE} as a`);
    key = 'a.position';
  }
  q.leftJoin('rm_users as u', 'u.id', 'a.actor_id').select('a.*', 'u.name as actor_name');
  if (f.actorId !== undefined) q.where('a.actor_id', f.actorId);
  const range = await positionRange(db, f);
  if (range.from !== undefined) q.where(key, '>=', range.from);
  if (range.below !== undefined) q.where(key, '<', range.below);
  // The exact instants still decide: the range only bounds the walk.
  if (f.from) q.where('a.at', '>=', f.from.toISOString());
  if (f.to) q.where('a.at', '<', f.to.toISOString());
  if (f.before !== undefined) q.where(key, '<', f.before);
  const rows = (await q.orderBy(key, 'desc').limit(limit + 1)) as AuditRow[];
  const page = rows.slice(0, limit);
  const positions = page.map((r) => num(r.position));
  const entities = await entitiesOf(db, positions);
  const items = page.map((r, i) => ({
    position: positions[i]!,
    at: r.at,
    type: r.type,
    actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? null },
    summary: r.summary,
    entities: entities.get(positions[i]!) ?? [],
  }));
  return { items, nextBefore: rows.length > limit ? (positions[positions.length - 1] ?? null) : null };
}
