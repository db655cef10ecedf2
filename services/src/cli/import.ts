import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase, type Db } from '../db/database.js';
import { runCli } from './run.js';

// `node services/dist/cli/import.js < events.jsonl` loads an export (cli/export.ts) into an EMPTY
// event log, keeping every id, position, type, tag, data, metadata, instant and schema version.
// One transaction: a bad line leaves the log empty. Read models are not touched: rebuild after.

/** One line of an export; `data` is kept as stored (it may predate the current schema). */
const Line = z.object({
  position: z.number().int().positive(),
  id: z.string().min(1).max(36),
  type: z.string().min(1),
  tags: z.array(z.string()),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  occurredAt: z.string().min(1),
  schemaVersion: z.number().int().positive(),
});

export class ImportError extends Error {
  override name = 'ImportError';
}

const BATCH = 500;

/** Reads JSON lines from `input` into the log of `db`; refuses a log that already holds events. */
export async function importEvents(
  db: Pick<Db, 'knex' | 'dialect' | 'writeTransaction'>,
  input: Readable,
): Promise<number> {
  return db.writeTransaction(async (trx) => {
    // No append may slip in between the emptiness check and the import.
    if (db.dialect === 'pg') await trx.raw('LOCK TABLE events IN EXCLUSIVE MODE');
    const existing = await trx('events').first('position');
    if (existing) throw new ImportError('The event log is not empty: import only into a new database (or schema)');

    const idempotency = new Map<string, { first: number; last: number }>();
    let events: unknown[][] = [];
    let tags: unknown[][] = [];
    let expected = 1;
    let lineNo = 0;
    const flush = async () => {
      await insert(
        trx,
        'events',
        ['position', 'id', 'type', 'tags', 'data', 'metadata', 'occurred_at', 'schema_version'],
        events,
      );
      await insert(trx, 'event_tags', ['tag', 'type', 'position'], tags);
      events = [];
      tags = [];
    };

    for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
      lineNo++;
      if (raw.trim() === '') continue;
      let e: z.infer<typeof Line>;
      try {
        e = Line.parse(JSON.parse(raw));
      } catch (err) {
        throw new ImportError(`line ${lineNo}: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (e.position !== expected)
        throw new ImportError(`line ${lineNo}: position ${e.position}, expected ${expected} (the log has no holes)`);
      expected++;
      events.push([
        e.position,
        e.id,
        e.type,
        JSON.stringify(e.tags),
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
        e.occurredAt,
        e.schemaVersion,
      ]);
      for (const t of new Set(e.tags)) tags.push([t, e.type, e.position]);
      const key = e.metadata.idempotencyKey;
      if (typeof key === 'string') {
        const seen = idempotency.get(key);
        idempotency.set(key, { first: seen?.first ?? e.position, last: e.position });
      }
      if (events.length >= BATCH) await flush();
    }
    await flush();
    await insert(
      trx,
      'idempotency',
      ['key', 'first_position', 'last_position'],
      [...idempotency].map(([key, r]) => [key, r.first, r.last]),
    );
    return expected - 1;
  });
}

async function insert(trx: Knex.Transaction, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH).map((r) => Object.fromEntries(columns.map((c, j) => [c, r[j]])));
    await trx(table).insert(part);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  try {
    const count = await importEvents(db, process.stdin);
    console.error(`Imported ${count} events; rebuild the read models next (cli/rebuild.js)`);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCli(main);
}
