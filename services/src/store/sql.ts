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

/**
 * What an item's SQL depends on: how many types (-1: any) and how many distinct tags it names, and whether
 * a read brings only its last event.
 */
interface Shape {
  types: number;
  tags: number;
  last: boolean;
}

/**
 * Positions bounded by `op ?` of the events an item of this shape matches. Tag items walk the
 * (tag, type, position) key: an item asking for a menu's catalog events reads those, not every order
 * of that menu as well.
 */
function itemText({ types, tags, last }: Shape, op: '>' | '<=', bound = '?'): string {
  if (types === 0) return 'SELECT position FROM events WHERE 1 = 0';
  const typeIn = (alias: string) => (types > 0 ? ` AND ${alias}type IN (${Array(types).fill('?').join(', ')})` : '');
  // The last one: MAX walks the key backwards to its first entry instead of reading them all.
  const selected = (column: string) => (last ? `MAX(${column})` : column);
  if (tags === 0) return `SELECT ${selected('position')} FROM events WHERE position ${op} ${bound}${typeIn('')}`;
  // An event's type is the same on each of its tags: the other tags are found by their whole key.
  const joins = Array.from(
    { length: tags - 1 },
    (_, i) =>
      ` JOIN event_tags t${i + 1} ON t${i + 1}.tag = ? AND t${i + 1}.type = t0.type AND t${i + 1}.position = t0.position`,
  );
  return `SELECT ${selected('t0.position')} FROM event_tags t0${joins.join('')} WHERE t0.tag = ?${typeIn('t0.')} AND t0.position ${op} ${bound}`;
}

/** The item's parameters, in the order its text names them; no bound value where the text computes it. */
function itemParams(item: QueryItem, tags: readonly string[], value: number | null): unknown[] {
  const types = item.types ?? [];
  const bound = value === null ? [] : [value];
  if (item.types && types.length === 0) return [];
  if (tags.length === 0) return [...bound, ...types];
  return [...tags.slice(1), tags[0], ...types, ...bound];
}

// Commands ask the same few shapes of query over and over: each statement's text is built once.
const texts = new Map<string, string>();

function cached(key: string, build: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    if (texts.size >= 1000) texts.clear();
    texts.set(key, (text = build()));
  }
  return text;
}

function statement(kind: 'conflict' | 'read', query: EventQuery, value: number | null): Sql {
  const tagLists = query.map((item) => [...new Set(item.tags ?? [])]);
  // A conflict is any matching event after the bound, the last or not.
  const shapes = query.map((item, i) => ({
    types: item.types?.length ?? -1,
    tags: tagLists[i]!.length,
    last: kind === 'read' && item.last === true,
  }));
  const key = `${kind}|${shapes.map((s) => `${s.types}.${s.tags}${s.last ? '.last' : ''}`).join(',')}`;
  const text = cached(key, () => {
    if (kind === 'read') {
      const u = shapes.map((shape) => itemText(shape, '<=', '(SELECT head FROM h)')).join(' UNION ');
      const none = EVENT_COLUMNS.slice(1).map((c) => `NULL AS ${c}`);
      return (
        `WITH h AS (${SELECT_HEAD}) SELECT head AS position, ${none.join(', ')}, 0 AS k FROM h` +
        ` UNION ALL SELECT ${COLUMNS}, 1 AS k FROM events WHERE position IN (${u}) ORDER BY k, position`
      );
    }
    return `SELECT 1 AS hit FROM (${shapes.map((shape) => itemText(shape, '>')).join(' UNION ALL ')}) u LIMIT 1`;
  });
  return { text, params: query.flatMap((item, i) => itemParams(item, tagLists[i]!, value)) };
}

/**
 * The log's head, then the events matching `query` up to it, in one statement (one snapshot): the first
 * row carries the head in its position column and nulls elsewhere; each further row is an event.
 */
export function selectHeadAndMatching(query: EventQuery): Sql {
  if (query.length === 0) return { text: SELECT_HEAD, params: [] };
  return statement('read', query, null);
}

/** One row when any event matching `query` lies after `after`. */
export function selectConflict(query: EventQuery, after: number): Sql | null {
  return query.length === 0 ? null : statement('conflict', query, after);
}

export const SELECT_HEAD = 'SELECT COALESCE(MAX(position), 0) AS head FROM events';
export const SELECT_RANGE = `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`;
export const SELECT_BETWEEN = `SELECT ${COLUMNS} FROM events WHERE position >= ? AND position <= ? ORDER BY position`;
export const SELECT_IDEMPOTENCY = 'SELECT first_position, last_position FROM idempotency WHERE key = ?';
/** A key's recorded append and its recorded refusal (at most one of them exists), as one row. */
export const SELECT_RECALL =
  'SELECT i.first_position, i.last_position, r.status, r.code, r.detail FROM (SELECT CAST(? AS TEXT) AS key) k' +
  ' LEFT JOIN idempotency i ON i.key = k.key LEFT JOIN idempotency_refusals r ON r.key = k.key';

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
