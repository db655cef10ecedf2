import type { StoredEvent } from '@drinks/contracts';
import type { EventQuery, QueryItem } from './types.js';

/** What the SQL of sql.ts selects, for one event in memory: an item's types (if any) and all its tags. */
function itemMatches(item: QueryItem, event: StoredEvent): boolean {
  if (item.types && !item.types.includes(event.type)) return false;
  return (item.tags ?? []).every((t) => event.tags.includes(t));
}

export function matchesQuery(query: EventQuery, event: StoredEvent): boolean {
  return query.some((item) => itemMatches(item, event));
}

/** The events a read of `query` brings, in log order: every match, but only the last of an item marked `last`. */
export function readMatching(query: EventQuery, log: readonly StoredEvent[]): StoredEvent[] {
  const lastOf = new Set<StoredEvent>();
  for (const item of query) {
    if (!item.last) continue;
    const found = log.findLast((e) => itemMatches(item, e));
    if (found) lastOf.add(found);
  }
  return log.filter((e) => lastOf.has(e) || query.some((item) => !item.last && itemMatches(item, e)));
}
