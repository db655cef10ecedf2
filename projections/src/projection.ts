import type { EventType, StoredEvent } from '@drinks/contracts';
import type { Knex } from 'knex';
import type { IndexSpec } from './sql.js';

export interface ProjectionContext {
  /** The business time zone (e.g. Asia/Bangkok), for day and hour buckets. */
  timeZone: string;
}

/**
 * A read model. The projector calls `apply` inside a transaction that also
 * advances this projection's checkpoint, and never for a position at or below it.
 * `apply` must still be an upsert: a rebuild replays from position 0.
 */
export interface Projection {
  name: string;
  /** The events this projection reads; others only advance its checkpoint. */
  handles: readonly EventType[];
  /** Its tables, dropped by a rebuild. */
  tables: readonly string[];
  /**
   * Secondary indexes that only its queries read, never `apply`. `migrate` creates the missing ones;
   * a rebuild drops them, replays, then migrates again: one sort per index instead of an index
   * write per row.
   */
  indexes?: readonly IndexSpec[];
  /** Create its tables and indexes when absent (works on SQLite and PostgreSQL). */
  migrate(db: Knex): Promise<void>;
  apply(event: StoredEvent, trx: Knex.Transaction, ctx: ProjectionContext): Promise<void>;
  /**
   * Optional: apply several events (in position order) at once, with the same
   * result as calling `apply` for each. Rebuilds and catch-ups use it for speed.
   */
  applyBatch?(events: readonly StoredEvent[], trx: Knex.Transaction, ctx: ProjectionContext): Promise<void>;
}
