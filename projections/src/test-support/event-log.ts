import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent, StoredEvent } from '@drinks/contracts';
import type { Knex } from 'knex';

/**
 * The event log as the projections' tests need it: positions from 1, and (`sql`) the rows of the
 * `events` and `event_tags` tables that the timeline and audit queries read. The app's own store (services) writes
 * the same columns; this copy holds only what those queries select.
 */
export interface TestEventLog {
  append(events: NewEvent[], opts?: { metadata?: EventMetadata }): Promise<void>;
  readAll(from: number, limit: number): Promise<StoredEvent[]>;
}

export async function createTestEventLog(knex: Knex, opts: { sql: boolean; now: () => Date }): Promise<TestEventLog> {
  const log: StoredEvent[] = [];
  if (opts.sql) {
    await knex.schema.createTable('event_tags', (t) => {
      t.text('tag').notNullable();
      t.bigInteger('position').notNullable();
      t.primary(['tag', 'position']);
    });
    await knex.schema.createTable('events', (t) => {
      t.bigInteger('position').primary();
      t.string('id', 36).notNullable();
      t.text('type').notNullable();
      t.text('tags').notNullable();
      t.text('data').notNullable();
      t.text('metadata').notNullable();
      t.text('occurred_at').notNullable();
      t.integer('schema_version').notNullable();
    });
  }
  return {
    async append(events, { metadata = {} } = {}) {
      const occurredAt = opts.now().toISOString();
      const stored = events.map(
        (e, i) =>
          ({
            ...e,
            position: log.length + i + 1,
            id: randomUUID(),
            metadata,
            occurredAt,
            schemaVersion: 1,
          }) as StoredEvent,
      );
      if (opts.sql && stored.length > 0) {
        const tags = stored.flatMap((e) => [...new Set(e.tags)].map((tag) => ({ tag, position: e.position })));
        if (tags.length > 0) await knex('event_tags').insert(tags);
        await knex('events').insert(
          stored.map((e) => ({
            position: e.position,
            id: e.id,
            type: e.type,
            tags: JSON.stringify(e.tags),
            data: JSON.stringify(e.data),
            metadata: JSON.stringify(e.metadata),
            occurred_at: e.occurredAt,
            schema_version: e.schemaVersion,
          })),
        );
      }
      log.push(...stored);
    },
    async readAll(from, limit) {
      return log.filter((e) => e.position > from).slice(0, limit);
    },
  };
}
