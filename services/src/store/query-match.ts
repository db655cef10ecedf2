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
