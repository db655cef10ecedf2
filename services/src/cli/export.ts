import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import type { Writable } from 'node:stream';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase, type Db } from '../db/database.js';
import { runCli } from './run.js';
import { EVENT_COLUMNS, type EventRow } from '../store/sql.js';

// `node services/dist/cli/export.js > events.jsonl` writes the whole event log (DATABASE_URL,
// DATABASE_SCHEMA or DATA_DIR), one JSON line per event in position order, as stored: no
// upcasting, so an import gives back the very same log.

/** One exported event: the stored row with its JSON columns parsed. */
export interface ExportedEvent {
  position: number;
  id: string;
  type: string;
  tags: string[];
  data: unknown;
  metadata: Record<string, unknown>;
  occurredAt: string;
  schemaVersion: number;
}

export const toExported = (row: EventRow): ExportedEvent => ({
  position: Number(row.position),
  id: row.id,
  type: row.type,
  tags: JSON.parse(row.tags) as string[],
  data: JSON.parse(row.data),
  metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  occurredAt: row.occurred_at,
  schemaVersion: Number(row.schema_version),
});

/** Streams every event to `out` in batches (by position, so memory stays flat); returns the count. */
export async function exportEvents(db: Pick<Db, 'knex'>, out: Writable, batchSize = 2_000): Promise<number> {
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = (await db
      .knex('events')
      .select(EVENT_COLUMNS)
      .where('position', '>', after)
      .orderBy('position')
      .limit(batchSize)) as EventRow[];
    if (rows.length === 0) return count;
    const chunk = rows.map((r) => JSON.stringify(toExported(r))).join('\n') + '\n';
    if (!out.write(chunk)) await once(out, 'drain');
    count += rows.length;
    after = Number(rows[rows.length - 1]!.position);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  try {
    const count = await exportEvents(db, process.stdout);
    console.error(`Exported ${count} events`);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCli(main);
}
