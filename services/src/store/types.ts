import type { EventMetadata, EventType, NewEvent, StoredEvent } from '@drinks/contracts';

/**
 * One item of a query: events whose type is in `types` (any type when absent)
 * and that carry every tag in `tags` (no tag filter when absent).
 * A query matches an event when any of its items does; an empty query matches nothing.
 */
export interface QueryItem {
  types?: readonly EventType[];
  tags?: readonly string[];
  /**
   * A read brings only the item's last matching event, for events that each carry the whole state (the
   * shop's open and closed), so a decision does not read their history. An append condition on the item
   * still fails on any matching event after its position.
   */
  last?: boolean;
}
export type EventQuery = readonly QueryItem[];

/** Fail the append if any event matching `query` was appended after position `after`. */
export interface AppendCondition {
  query: EventQuery;
  after: number;
}

export interface AppendOptions {
  condition?: AppendCondition;
  /** actor, correlation and causation ids, idempotency key (scoped by the caller). */
  metadata?: EventMetadata;
}

export interface AppendResult {
  events: StoredEvent[];
  /** Position of the last event appended (or of the first result, when a duplicate). */
  lastPosition: number;
  /** True when the idempotency key was already recorded: nothing was appended. */
  duplicate: boolean;
}

export interface ReadResult {
  events: StoredEvent[];
  /** The log's head when the read was taken: use it as the condition's `after`. */
  position: number;
}

export interface EventStore {
  read(query: EventQuery): Promise<ReadResult>;
  append(events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /** What was first answered under an idempotency key (the append, or a refusal), or null when the key is new. */
  recall(idempotencyKey: string): Promise<Recalled | null>;
  rememberRefusal(idempotencyKey: string, refusal: Refusal): Promise<void>;
  /** Every event after `after`, in position order, at most `limit`. */
  readAll(after: number, limit: number): Promise<StoredEvent[]>;
  head(): Promise<number>;
  /** Called (in this process) after each commit with the new head. */
  onAppended(listener: (head: number) => void): () => void;
  close(): Promise<void>;
}

/** The first answer under an idempotency key: the events it appended, or the refusal it got (nothing appended). */
export type Recalled = { appended: AppendResult } | { refused: Refusal };

export interface Refusal {
  status: number;
  code: string;
  detail: string;
}

export class ConcurrencyError extends Error {
  override name = 'ConcurrencyError';
  constructor(message = 'Events matching the condition were appended meanwhile') {
    super(message);
  }
}
