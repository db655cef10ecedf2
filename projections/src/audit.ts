import { EVENT_TYPES, tag, type StoredEvent } from '@drinks/contracts';
import type { Knex } from 'knex';
import type { Projection } from './projection.js';
import { createTableIfAbsent, iso, upsertRows } from './sql.js';

export const AUDIT_TABLE = 'rm_audit';
const RETIRED_ENTITIES_TABLE = 'rm_audit_entities';
/** A date filter is a position range now (audit-queries.ts), a type filter reads the log's own index. */
const RETIRED_INDEXES = ['rm_audit_at_idx', 'rm_audit_type_idx'];
export const MAX_AUDIT_PAGE = 100;

interface AuditRow {
  position: number;
  at: string;
  type: string;
  actor_id: string | null;
  summary: string;
}

async function migrate(db: Knex): Promise<void> {
  // The entity filter reads the log's own tag index now; tables of older versions go.
  await db.schema.dropTableIfExists(RETIRED_ENTITIES_TABLE);
  for (const index of RETIRED_INDEXES) await db.raw('DROP INDEX IF EXISTS ??', [index]);
  // On SQLite an INTEGER key is the rowid itself: one b-tree fewer to write per event.
  const sqlite = db.client.driverName === 'better-sqlite3';
  await createTableIfAbsent(db, AUDIT_TABLE, (t) => {
    (sqlite ? t.integer('position') : t.bigInteger('position')).primary();
    t.string('at', 32).notNullable();
    t.string('type', 32).notNullable();
    t.string('actor_id', 64).nullable();
    t.text('summary').notNullable();
    t.index(['actor_id', 'position'], 'rm_audit_actor_idx');
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
  const rows: AuditRow[] = events.map((e) => {
    const d = describeEvent(e);
    return { position: e.position, at: iso(e.occurredAt), type: e.type, actor_id: d.actor, summary: d.summary };
  });
  await upsertRows(trx, AUDIT_TABLE, 'position', rows);
}

export const auditProjection: Projection = {
  name: 'audit',
  handles: EVENT_TYPES,
  tables: [AUDIT_TABLE],
  migrate,
  apply: (event, trx) => applyBatch([event], trx),
  applyBatch: (events, trx) => applyBatch(events, trx),
};
