import type { Knex } from 'knex';

// Helpers that keep every projection portable between SQLite and PostgreSQL:
// booleans as 0/1 integers, instants as ISO text in UTC (sorts as it reads),
// counts and bigints coerced from the strings pg returns.

/** SQLite allows 32,766 bound values per statement, PostgreSQL 65,535. */
const MAX_BINDINGS = 30_000;
/** knex writes a SQLite multi-row insert as a compound SELECT, limited to 500 terms. */
const MAX_ROWS = 500;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const iso = (instant: string | Date): string =>
  typeof instant === 'string' && ISO_UTC.test(instant) ? instant : new Date(instant).toISOString();
export const flag = (b: boolean): number => (b ? 1 : 0);
export const isSet = (v: unknown): boolean => Number(v) === 1;
export const num = (v: unknown): number => Number(v ?? 0);

export async function createTableIfAbsent(
  db: Knex,
  name: string,
  build: (t: Knex.CreateTableBuilder) => void,
): Promise<void> {
  if (await db.schema.hasTable(name)) return;
  try {
    await db.schema.createTable(name, build);
  } catch (err) {
    // Another process may have created it between the check and the create.
    if (!(await db.schema.hasTable(name))) throw err;
  }
}

interface SqliteStatement {
  run(...params: unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
const statements = new WeakMap<SqliteConnection, Map<string, SqliteStatement>>();

function upsertSql(table: string, key: string, columns: readonly string[], keep: boolean): string {
  const q = (id: string) => `"${id}"`;
  const updates = columns.filter((c) => c !== key).map((c) => `${q(c)} = excluded.${q(c)}`);
  return (
    `INSERT INTO ${q(table)} (${columns.map(q).join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ` +
    `ON CONFLICT (${q(key)}) DO ${keep ? 'NOTHING' : `UPDATE SET ${updates.join(', ')}`}`
  );
}

/**
 * Upsert on `key`. On SQLite inside a transaction, one statement prepared once
 * per connection and run per row: knex prepares every query anew, which costs
 * more than the insert itself and dominates a rebuild. Elsewhere, multi-row
 * knex inserts split under the bindings limits.
 */
export async function upsertRows(
  trx: Knex | Knex.Transaction,
  table: string,
  key: string,
  rows: readonly object[],
  /** Keep existing rows as they are (insert the missing ones only). */
  keep = false,
): Promise<void> {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return;
  const columns = Object.keys(first);
  if (trx.isTransaction && trx.client.driverName === 'better-sqlite3') {
    const conn = (await trx.client.acquireConnection()) as SqliteConnection;
    const sql = upsertSql(table, key, columns, keep);
    let cache = statements.get(conn);
    if (!cache) statements.set(conn, (cache = new Map()));
    let stmt = cache.get(sql);
    if (!stmt) cache.set(sql, (stmt = conn.prepare(sql)));
    for (const row of rows as Record<string, unknown>[]) stmt.run(columns.map((c) => row[c]));
    return;
  }
  for (const part of chunk(rows, Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_BINDINGS / columns.length))))) {
    const insert = trx(table).insert(part).onConflict(key);
    await (keep ? insert.ignore() : insert.merge());
  }
}

/** Rows whose `column` is in `values`, fetched in bindings-sized slices. */
export async function selectIn<T>(
  db: Knex | Knex.Transaction,
  table: string,
  column: string,
  values: readonly string[],
): Promise<T[]> {
  const out: T[] = [];
  for (const part of chunk(values, 5_000)) out.push(...((await db(table).whereIn(column, part)) as T[]));
  return out;
}
