import { randomUUID } from 'node:crypto';
import type { NewEvent, StoredEvent } from '@drinks/contracts';
import {
  ConcurrencyError,
  type AppendOptions,
  type AppendResult,
  type Refusal,
  type EventQuery,
  type EventStore,
  type ReadResult,
  type Recalled,
} from './types.js';
import { matchesQuery, readMatching } from './query-match.js';

export interface MemoryEventStoreOptions {
  /** Stamps `occurredAt`; defaults to the system clock. */
  now?: () => Date;
}

/** The whole EventStore contract in memory; every append is atomic (no await inside). */
export function createMemoryEventStore(options: MemoryEventStoreOptions = {}): EventStore {
  const now = options.now ?? (() => new Date());
  const log: StoredEvent[] = [];
  const idempotency = new Map<string, { first: number; last: number }>();
  const refusals = new Map<string, Refusal>();
  const listeners = new Set<(head: number) => void>();
  let closed = false;

  const copy = <T>(value: T): T => structuredClone(value);
  const ensureOpen = () => {
    if (closed) throw new Error('The event store is closed');
  };
  const slice = (first: number, last: number) => log.slice(first - 1, last).map(copy);

  return {
    async read(query: EventQuery): Promise<ReadResult> {
      ensureOpen();
      return { events: readMatching(query, log).map(copy), position: log.length };
    },

    async append(events: NewEvent[], opts: AppendOptions = {}): Promise<AppendResult> {
      ensureOpen();
      const metadata = opts.metadata ?? {};
      const key = metadata.idempotencyKey;
      const recorded = key === undefined ? undefined : idempotency.get(key);
      if (recorded)
        return { events: slice(recorded.first, recorded.last), lastPosition: recorded.last, duplicate: true };
      if (opts.condition) {
        const { query, after } = opts.condition;
        if (log.slice(after).some((e) => matchesQuery(query, e))) throw new ConcurrencyError();
      }
      if (events.length === 0) return { events: [], lastPosition: log.length, duplicate: false };

      const occurredAt = now().toISOString();
      const first = log.length + 1;
      for (const event of events) {
        log.push({
          ...copy(event),
          tags: [...new Set(event.tags)],
          position: log.length + 1,
          id: randomUUID(),
          metadata: copy(metadata),
          occurredAt,
          schemaVersion: 1,
        } as StoredEvent);
      }
      if (key !== undefined) idempotency.set(key, { first, last: log.length });
      const head = log.length;
      for (const listener of listeners) listener(head);
      return { events: slice(first, head), lastPosition: head, duplicate: false };
    },

    async rememberRefusal(key: string, refusal: Refusal): Promise<void> {
      ensureOpen();
      if (!refusals.has(key)) refusals.set(key, { ...refusal });
    },

    async recall(key: string): Promise<Recalled | null> {
      ensureOpen();
      const recorded = idempotency.get(key);
      if (recorded)
        return {
          appended: { events: slice(recorded.first, recorded.last), lastPosition: recorded.last, duplicate: true },
        };
      const refused = refusals.get(key);
      return refused ? { refused: { ...refused } } : null;
    },

    async readAll(after: number, limit: number): Promise<StoredEvent[]> {
      ensureOpen();
      return log.slice(Math.max(0, after), Math.max(0, after) + Math.max(0, limit)).map(copy);
    },

    async head(): Promise<number> {
      ensureOpen();
      return log.length;
    },

    onAppended(listener: (head: number) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close(): Promise<void> {
      closed = true;
      listeners.clear();
    },
  };
}
