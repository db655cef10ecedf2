import { EVENT_TYPES, tag, type StoredEvent } from '@drinks/contracts';
import type { Knex } from 'knex';
import type { Projection } from './projection.js';
import { createIndexesIfAbsent, createTableIfAbsent, dropIndexesIfPresent, upsertRows, type IndexSpec } from './sql.js';

export const AUDIT_TABLE = 'rm_audit';
const RETIRED_ENTITIES_TABLE = 'rm_audit_entities';
/** A date filter is a position range now (audit-queries.ts), a type filter reads the log's own index. */
const RETIRED_INDEXES = ['rm_audit_at_idx', 'rm_audit_type_idx'];
/** Read from the log itself now: the table is an index of events by actor. */
const RETIRED_COLUMNS = ['at', 'type', 'summary'];
export const MAX_AUDIT_PAGE = 100;

interface AuditRow {
  position: number;
  actor_id: string;
}

const INDEXES: readonly IndexSpec[] = [
  { name: 'rm_audit_actor_idx', table: AUDIT_TABLE, columns: ['actor_id', 'position'] },
];

async function migrate(db: Knex): Promise<void> {
  // The entity filter reads the log's own tag index now; tables of older versions go.
  await db.schema.dropTableIfExists(RETIRED_ENTITIES_TABLE);
  await dropIndexesIfPresent(db, RETIRED_INDEXES);
  // On SQLite an INTEGER key is the rowid itself: one b-tree fewer to write per event.
  const sqlite = db.client.driverName === 'better-sqlite3';
  await createTableIfAbsent(db, AUDIT_TABLE, (t) => {
    (sqlite ? t.integer('position') : t.bigInteger('position')).primary();
    t.string('actor_id', 64).notNullable();
  });
  const retired: string[] = [];
  for (const column of RETIRED_COLUMNS) if (await db.schema.hasColumn(AUDIT_TABLE, column)) retired.push(column);
  if (retired.length > 0) {
    // Rows of events without an actor were kept by older versions; no filter ever finds them.
    await db(AUDIT_TABLE).whereNull('actor_id').delete();
    for (const column of retired) await db.raw('ALTER TABLE ?? DROP COLUMN ??', [AUDIT_TABLE, column]);
  }
  await createIndexesIfAbsent(db, INDEXES);
}

const openClosed = (open: boolean) => (open ? 'open' : 'closed');
const changes = (fields: Record<string, string | undefined>) =>
  Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} → ${v}`)
    .join(', ');

/**
 * Who did it: the actor the command recorded, else the staff member the event names; a registration
 * and an order are their user's own doing when no actor was recorded.
 */
export function actorOf(e: StoredEvent): string | null {
  const recorded = e.metadata.actor ?? ('by' in e.data ? e.data.by : undefined);
  if (recorded) return recorded;
  return e.type === 'UserRegistered' || e.type === 'OrderPlaced' ? e.data.userId : null;
}

/** A one-line account of the event, for people; the entities name what it is about. */
export function describeEvent(
  e: StoredEvent,
  nameOf: (userId: string) => string | undefined = () => undefined,
): { summary: string; entities: string[]; actor: string | null } {
  const actor = actorOf(e);
  // A user event names its user: the current name, else "a user" (never an id fragment).
  const whose = (userId: string) => `${nameOf(userId) ?? 'A user'}'s`;
  switch (e.type) {
    case 'UserRegistered':
      return { summary: `${e.data.name} registered as ${e.data.role}`, entities: [tag.user(e.data.userId)], actor };
    case 'UserRenamed':
      return { summary: `Renamed to ${e.data.name}`, entities: [tag.user(e.data.userId)], actor };
    case 'UserRoleChanged':
      return {
        summary: `${whose(e.data.userId)} role set to ${e.data.role}`,
        entities: [tag.user(e.data.userId)],
        actor,
      };
    case 'UserAvailabilityChanged':
      return {
        summary: `${whose(e.data.userId)} account ${e.data.isAvailable ? 'enabled' : 'disabled'}`,
        entities: [tag.user(e.data.userId)],
        actor,
      };
    case 'UserEmailVerified':
      return { summary: `${whose(e.data.userId)} email verified`, entities: [tag.user(e.data.userId)], actor };
    case 'PasswordChanged':
      return {
        summary: `${whose(e.data.userId)} password ${e.data.via === 'reset' ? 'reset by mailed link' : 'changed'}`,
        entities: [tag.user(e.data.userId)],
        actor,
      };
    case 'ShopStatusChanged':
      return {
        summary: `Cafe ${openClosed(e.data.isCafeOpen)}, bar ${openClosed(e.data.isBarOpen)}`,
        entities: [tag.shop],
        actor,
      };
    case 'CategoryCreated':
      return {
        summary: `Category ${e.data.name} (${e.data.categoryFor}) created`,
        entities: [tag.category(e.data.categoryId)],
        actor,
      };
    case 'CategoryChanged': {
      const d = e.data;
      return {
        summary: `Category changed: ${changes({ name: d.name, area: d.categoryFor, availability: d.isAvailable })}`,
        entities: [tag.category(d.categoryId)],
        actor,
      };
    }
    case 'MenuCreated':
      return {
        summary: `Menu ${e.data.name} created`,
        entities: [tag.menu(e.data.menuId), tag.category(e.data.categoryId)],
        actor,
      };
    case 'MenuChanged': {
      const d = e.data;
      const fields = changes({
        name: d.name,
        description: d.description,
        category: d.categoryId,
        availability: d.isAvailable,
      });
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
        actor,
      };
    }
    case 'OrderStarted':
    case 'OrderCompleted':
    case 'OrderCancelled':
    case 'OrderPickedUp':
    case 'OrderRejected': {
      const verb = {
        OrderStarted: 'started',
        OrderCompleted: 'completed',
        OrderCancelled: 'cancelled',
        OrderPickedUp: 'picked up',
        OrderRejected: 'rejected',
      }[e.type];
      const reason = e.type === 'OrderRejected' ? `: ${e.data.reason}` : '';
      // The owner picks up; anyone else hands the drink over.
      if (e.type === 'OrderPickedUp' && e.data.by !== e.data.userId)
        return { summary: 'Order handed over', entities: [tag.order(e.data.orderId), tag.user(e.data.userId)], actor };
      return {
        summary: `Order ${verb}${reason}`,
        entities: [tag.order(e.data.orderId), tag.user(e.data.userId)],
        actor,
      };
    }
    case 'OrderRecalled':
      return {
        summary: `Order recalled: ${e.data.from} → ${e.data.to}`,
        entities: [tag.order(e.data.orderId), tag.user(e.data.userId)],
        actor,
      };
    default: {
      const unknown: never = e;
      return { summary: (unknown as StoredEvent).type, entities: [], actor };
    }
  }
}

async function applyBatch(events: readonly StoredEvent[], trx: Knex.Transaction): Promise<void> {
  const rows: AuditRow[] = [];
  for (const e of events) {
    const actor = actorOf(e);
    if (actor !== null) rows.push({ position: e.position, actor_id: actor });
  }
  await upsertRows(trx, AUDIT_TABLE, 'position', rows);
}

export const auditProjection: Projection = {
  name: 'audit',
  handles: EVENT_TYPES,
  tables: [AUDIT_TABLE],
  indexes: INDEXES,
  migrate,
  apply: (event, trx) => applyBatch([event], trx),
  applyBatch: (events, trx) => applyBatch(events, trx),
};
