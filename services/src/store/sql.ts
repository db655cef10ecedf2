import type { StoredEvent } from '@drinks/contracts';
import type { EventQuery, QueryItem } from './types.js';
import type { UpcasterChain } from './upcasters.js';

export interface Sql {
  text: string;
  params: unknown[];
}

export interface EventRow {
  position: number | string;
  id: string;
  type: string;
  tags: string;
  data: string;
  metadata: string;
  occurred_at: string;
  schema_version: number | string;
}

export const EVENT_COLUMNS = ['position', 'id', 'type', 'tags', 'data', 'metadata', 'occurred_at', 'schema_version'];
const COLUMNS = EVENT_COLUMNS.join(', ');

/** Positions bounded by `op value` of the events an item matches; tag items walk the (tag, position) key. */
function itemPositions(item: QueryItem, op: '>' | '<=', value: number): Sql {
  const types = item.types ?? null;
  if (types && types.length === 0) return { text: 'SELECT position FROM events WHERE 1 = 0', params: [] };
  const typeIn = types ? `type IN (${types.map(() => '?').join(', ')})` : null;
  const tags = [...new Set(item.tags ?? [])];
  if (tags.length === 0) {
    const where = [`position ${op} ?`, ...(typeIn ? [typeIn] : [])].join(' AND ');
    return { text: `SELECT position FROM events WHERE ${where}`, params: [value, ...(types ?? [])] };
  }
  const joins = tags
    .slice(1)
    .map((_, i) => ` JOIN event_tags t${i + 1} ON t${i + 1}.position = t0.position AND t${i + 1}.tag = ?`);
  const typeJoin = typeIn ? ` JOIN events x ON x.position = t0.position AND x.${typeIn}` : '';
  return {
    text: `SELECT t0.position FROM event_tags t0${joins.join('')}${typeJoin} WHERE t0.tag = ? AND t0.position ${op} ?`,
    params: [...tags.slice(1), ...(types ?? []), tags[0], value],
  };
}

function union(query: EventQuery, op: '>' | '<=', value: number, all: boolean): Sql {
  const parts = query.map((item) => itemPositions(item, op, value));
  return {
    text: parts.map((p) => p.text).join(all ? ' UNION ALL ' : ' UNION '),
    params: parts.flatMap((p) => p.params),
  };
}

/** Matching events at or below `head`, in position order; null for an empty query (matches nothing). */
export function selectMatching(query: EventQuery, head: number): Sql | null {
  if (query.length === 0) return null;
  const u = union(query, '<=', head, false);
  return { text: `SELECT ${COLUMNS} FROM events WHERE position IN (${u.text}) ORDER BY position`, params: u.params };
}

/** One row when any event matching `query` lies after `after`. */
export function selectConflict(query: EventQuery, after: number): Sql | null {
  if (query.length === 0) return null;
  const u = union(query, '>', after, true);
  return { text: `SELECT 1 AS hit FROM (${u.text}) u LIMIT 1`, params: u.params };
}

export const SELECT_HEAD = 'SELECT COALESCE(MAX(position), 0) AS head FROM events';
export const SELECT_RANGE = `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`;
export const SELECT_BETWEEN = `SELECT ${COLUMNS} FROM events WHERE position >= ? AND position <= ? ORDER BY position`;
export const SELECT_IDEMPOTENCY = 'SELECT first_position, last_position FROM idempotency WHERE key = ?';

/** A row of EVENT_COLUMNS as values, in that order: cheaper to fetch than an object per row. */
export type EventValues = [
  position: number | string,
  id: string,
  type: string,
  tags: string,
  data: string,
  metadata: string,
  occurredAt: string,
  schemaVersion: number | string,
];

export function toStoredEvent(row: EventValues, upcasters: UpcasterChain): StoredEvent {
  const [position, id, type, tags, rawData, metadata, occurredAt, schemaVersion] = row;
  const { data, version } = upcasters.upcast(type, Number(schemaVersion), JSON.parse(rawData));
  return {
    position: Number(position),
    id,
    type,
    data,
    tags: JSON.parse(tags) as string[],
    metadata: JSON.parse(metadata),
    occurredAt,
    schemaVersion: version,
  } as StoredEvent;
}
