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

/** A secondary index, named so a rebuild can drop it and build it again once the rows are in. */
export interface IndexSpec {
  name: string;
  table: string;
  columns: readonly string[];
  /** A partial index: only rows matching this SQL condition (literal, no parameters). */
  where?: string;
}

/** Creates the indexes that are missing (after a rebuild dropped them, or on a table of an older version). */
export async function createIndexesIfAbsent(db: Knex, indexes: readonly IndexSpec[]): Promise<void> {
  for (const i of indexes) {
    const sql = `CREATE INDEX IF NOT EXISTS ?? ON ?? (${i.columns.map(() => '??').join(', ')})${i.where ? ` WHERE ${i.where}` : ''}`;
    try {
      await db.raw(sql, [i.name, i.table, ...i.columns]);
    } catch (err) {
      // PostgreSQL: another process may have created it between the check and the create.
      if (!(await hasIndex(db, i.name))) throw err;
    }
  }
}

/** Drops the named indexes where they exist, in `schema` when given (else as the search path finds them). */
export async function dropIndexesIfPresent(db: Knex, names: readonly string[], schema?: string): Promise<void> {
  for (const name of names) await db.raw('DROP INDEX IF EXISTS ??', [schema ? `${schema}.${name}` : name]);
}

async function hasIndex(db: Knex, name: string): Promise<boolean> {
  if (db.client.driverName === 'better-sqlite3') {
    return (await db.raw(`SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?`, [name])).length > 0;
  }
  const { rows } = (await db.raw('SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ?', [
    name,
  ])) as { rows: unknown[] };
  return rows.length > 0;
}

interface SqliteStatement {
  run(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
const statements = new WeakMap<SqliteConnection, Map<string, SqliteStatement>>();

/**
 * The better-sqlite3 connection of a SQLite transaction, to run statements prepared once per
 * connection: knex prepares every query anew, which costs more than the insert itself and
 * dominates a rebuild. Null elsewhere (PostgreSQL, or outside a transaction).
 */
async function sqliteOf(trx: Knex | Knex.Transaction): Promise<((sql: string) => SqliteStatement) | null> {
  if (!trx.isTransaction || trx.client.driverName !== 'better-sqlite3') return null;
  const conn = (await trx.client.acquireConnection()) as SqliteConnection;
  let cache = statements.get(conn);
  if (!cache) statements.set(conn, (cache = new Map()));
  return (sql) => {
    let stmt = cache.get(sql);
    if (!stmt) cache.set(sql, (stmt = conn.prepare(sql)));
    return stmt;
  };
}

const q = (id: string) => `"${id}"`;

function upsertSql(table: string, key: string, columns: readonly string[], keep: boolean, rows: number): string {
  const updates = columns.filter((c) => c !== key).map((c) => `${q(c)} = excluded.${q(c)}`);
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  return (
    `INSERT INTO ${q(table)} (${columns.map(q).join(', ')}) VALUES ${Array(rows).fill(tuple).join(', ')} ` +
    `ON CONFLICT (${q(key)}) DO ${keep ? 'NOTHING' : `UPDATE SET ${updates.join(', ')}`}`
  );
}

/** Rows per SQLite statement: fewer statement runs, far under the bindings limit. */
const SQLITE_ROWS = 32;

/**
 * Upsert on `key`. On SQLite inside a transaction, prepared multi-row statements (SQLite applies
 * the rows one after the other, so a key repeated within them ends as its last row, as row by row).
 * Elsewhere, multi-row knex inserts split under the bindings limits.
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
  const prepare = await sqliteOf(trx);
  if (prepare) {
    const width = columns.length;
    const full = rows.length - (rows.length % SQLITE_ROWS);
    const params: unknown[] = new Array(SQLITE_ROWS * width);
    const many = full > 0 ? prepare(upsertSql(table, key, columns, keep, SQLITE_ROWS)) : null;
    for (let i = 0; i < full; i += SQLITE_ROWS) {
      for (let r = 0; r < SQLITE_ROWS; r++) {
        const row = rows[i + r] as Record<string, unknown>;
        for (let c = 0; c < width; c++) params[r * width + c] = row[columns[c]!];
      }
      many!.run(params);
    }
    const one = full < rows.length ? prepare(upsertSql(table, key, columns, keep, 1)) : null;
    for (let i = full; i < rows.length; i++) {
      const row = rows[i] as Record<string, unknown>;
      one!.run(columns.map((c) => row[c]));
    }
    return;
  }
  for (const part of chunk(rows, Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_BINDINGS / columns.length))))) {
    const insert = trx(table).insert(part).onConflict(key);
    await (keep ? insert.ignore() : insert.merge());
  }
}

/** Placeholders per SQLite lookup; a short last slice is padded with NULL, which matches nothing. */
const SQLITE_IN = 200;

/** Rows whose `column` is in `values`, fetched in bindings-sized slices. */
export async function selectIn<T>(
  db: Knex | Knex.Transaction,
  table: string,
  column: string,
  values: readonly string[],
): Promise<T[]> {
  const out: T[] = [];
  const prepare = await sqliteOf(db);
  if (prepare && values.length > 0) {
    const stmt = prepare(`SELECT * FROM ${q(table)} WHERE ${q(column)} IN (${Array(SQLITE_IN).fill('?').join(', ')})`);
    for (let i = 0; i < values.length; i += SQLITE_IN) {
      const part: unknown[] = values.slice(i, i + SQLITE_IN);
      while (part.length < SQLITE_IN) part.push(null);
      out.push(...(stmt.all(part) as T[]));
    }
    return out;
  }
  for (const part of chunk(values, 5_000)) out.push(...((await db(table).whereIn(column, part)) as T[]));
  return out;
}
