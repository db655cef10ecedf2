import { EVENT_TYPES, tag, type AuditItem, type EventType, type StoredEvent } from '@drinks/contracts';
import type { Knex } from 'knex';
import type { Projection } from './projection.js';
import { createTableIfAbsent, iso, num, upsertRows } from './sql.js';

type Db = Knex | Knex.Transaction;
export const AUDIT_TABLE = 'rm_audit';
export const AUDIT_ENTITIES_TABLE = 'rm_audit_entities';
export const MAX_AUDIT_PAGE = 100;

interface AuditRow {
  position: number;
  at: string;
  type: string;
  actor_id: string | null;
  summary: string;
}

async function migrate(db: Knex): Promise<void> {
  await createTableIfAbsent(db, AUDIT_TABLE, (t) => {
    t.bigInteger('position').primary();
    t.string('at', 32).notNullable();
    t.string('type', 32).notNullable();
    t.string('actor_id', 64).nullable();
    t.text('summary').notNullable();
    t.index(['at'], 'rm_audit_at_idx');
    t.index(['actor_id', 'position'], 'rm_audit_actor_idx');
    t.index(['type', 'position'], 'rm_audit_type_idx');
  });
  await createTableIfAbsent(db, AUDIT_ENTITIES_TABLE, (t) => {
    t.string('id', 200).primary();
    t.string('entity', 100).notNullable();
    t.bigInteger('position').notNullable();
    t.index(['entity', 'position'], 'rm_audit_entities_entity_idx');
    t.index(['position'], 'rm_audit_entities_position_idx');
  });
}

const openClosed = (open: boolean) => (open ? 'open' : 'closed');
const changes = (fields: Record<string, string | undefined>) =>
  Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} → ${v}`)
    .join(', ');

/** A one-line account of the event, for people; the entities name what it is about. */
export function describeEvent(e: StoredEvent): { summary: string; entities: string[]; actor: string | null } {
  const actor = e.metadata.actor ?? ('by' in e.data ? e.data.by : null);
  switch (e.type) {
    case 'UserRegistered':
      return { summary: `${e.data.name} registered as ${e.data.role}`, entities: [tag.user(e.data.userId)], actor: actor ?? e.data.userId };
    case 'UserRenamed':
      return { summary: `Renamed to ${e.data.name}`, entities: [tag.user(e.data.userId)], actor };
    case 'UserRoleChanged':
      return { summary: `Role set to ${e.data.role}`, entities: [tag.user(e.data.userId)], actor };
    case 'UserAvailabilityChanged':
      return { summary: e.data.isAvailable ? 'Account enabled' : 'Account disabled', entities: [tag.user(e.data.userId)], actor };
    case 'ShopStatusChanged':
      return { summary: `Cafe ${openClosed(e.data.isCafeOpen)}, bar ${openClosed(e.data.isBarOpen)}`, entities: [tag.shop], actor };
    case 'CategoryCreated':
      return { summary: `Category ${e.data.name} (${e.data.categoryFor}) created`, entities: [tag.category(e.data.categoryId)], actor };
    case 'CategoryChanged': {
      const d = e.data;
      return { summary: `Category changed: ${changes({ name: d.name, area: d.categoryFor, availability: d.isAvailable })}`, entities: [tag.category(d.categoryId)], actor };
    }
    case 'MenuCreated':
      return { summary: `Menu ${e.data.name} created`, entities: [tag.menu(e.data.menuId), tag.category(e.data.categoryId)], actor };
    case 'MenuChanged': {
      const d = e.data;
      const fields = changes({ name: d.name, description: d.description, category: d.categoryId, availability: d.isAvailable });
      const entities = [tag.menu(d.menuId), ...(d.categoryId ? [tag.category(d.categoryId)] : [])];
      return { summary: `Menu changed: ${fields}`, entities, actor };
    }
    case 'MenuActivityChanged':
      return { summary: `Menu set ${e.data.isActive}`, entities: [tag.menu(e.data.menuId)], actor };
    case 'OrderPlaced': {
      const d = e.data;
      const details = [d.type, d.sweetness === null ? undefined : `${d.sweetness}%`].filter(Boolean).join(', ');
      return {
        summary: `${d.userName} ordered ${d.menuName}${details ? ` (${details})` : ''}`,
        entities: [tag.order(d.orderId), tag.user(d.userId), tag.menu(d.menuId)],
        actor: actor ?? d.userId,
      };
    }
    case 'OrderStarted':
    case 'OrderCompleted':
    case 'OrderCancelled':
    case 'OrderPickedUp':
    case 'OrderRejected': {
      const verb = { OrderStarted: 'started', OrderCompleted: 'completed', OrderCancelled: 'cancelled', OrderPickedUp: 'picked up', OrderRejected: 'rejected' }[e.type];
      const reason = e.type === 'OrderRejected' ? `: ${e.data.reason}` : '';
      return { summary: `Order ${verb}${reason}`, entities: [tag.order(e.data.orderId), tag.user(e.data.userId)], actor };
    }
    default: {
      const unknown: never = e;
      return { summary: (unknown as StoredEvent).type, entities: [], actor };
    }
  }
}

async function applyBatch(events: readonly StoredEvent[], trx: Knex.Transaction): Promise<void> {
  const rows: AuditRow[] = [];
  const entities: { id: string; entity: string; position: number }[] = [];
  for (const e of events) {
    const d = describeEvent(e);
    rows.push({ position: e.position, at: iso(e.occurredAt), type: e.type, actor_id: d.actor, summary: d.summary });
    for (const entity of d.entities) entities.push({ id: `${e.position}|${entity}`, entity, position: e.position });
  }
  await upsertRows(trx, AUDIT_TABLE, 'position', rows);
  await upsertRows(trx, AUDIT_ENTITIES_TABLE, 'id', entities);
}

export const auditProjection: Projection = {
  name: 'audit',
  handles: EVENT_TYPES,
  tables: [AUDIT_TABLE, AUDIT_ENTITIES_TABLE],
  migrate,
  apply: (event, trx) => applyBatch([event], trx),
  applyBatch: (events, trx) => applyBatch(events, trx),
};

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

/** Newest first; `nextBefore` is the cursor for the next page, null on the last one. */
export async function listAudit(db: Db, f: AuditFilter): Promise<{ items: AuditItem[]; nextBefore: number | null }> {
  const limit = Math.max(1, Math.min(MAX_AUDIT_PAGE, f.limit));
  const q = db(`${AUDIT_TABLE} as a`).leftJoin('rm_users as u', 'u.id', 'a.actor_id').select('a.*', 'u.name as actor_name');
  if (f.types && f.types.length > 0) q.whereIn('a.type', f.types);
  if (f.actorId !== undefined) q.where('a.actor_id', f.actorId);
  if (f.entity !== undefined) q.whereIn('a.position', db(AUDIT_ENTITIES_TABLE).select('position').where('entity', f.entity));
  if (f.from) q.where('a.at', '>=', f.from.toISOString());
  if (f.to) q.where('a.at', '<', f.to.toISOString());
  if (f.before !== undefined) q.where('a.position', '<', f.before);
  const rows = (await q.orderBy('a.position', 'desc').limit(limit + 1)) as (AuditRow & { actor_name: string | null })[];
  const page = rows.slice(0, limit);
  const positions = page.map((r) => num(r.position));
  const tags = (await db(AUDIT_ENTITIES_TABLE).select('entity', 'position').whereIn('position', positions).orderBy('id')) as {
    entity: string;
    position: unknown;
  }[];
  const byPosition = new Map<number, string[]>();
  for (const t of tags) byPosition.set(num(t.position), [...(byPosition.get(num(t.position)) ?? []), t.entity]);
  const items = page.map((r) => ({
    position: num(r.position),
    at: r.at,
    type: r.type,
    actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? null },
    summary: r.summary,
    entities: byPosition.get(num(r.position)) ?? [],
  }));
  return { items, nextBefore: rows.length > limit ? (positions[positions.length - 1] ?? null) : null };
}
