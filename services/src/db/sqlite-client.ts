import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);
// knex has no public hook for the BEGIN statement: extend its better-sqlite3 client and transaction.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- knex's internal classes are untyped
type Ctor = new (...args: any[]) => any;
const BetterSqliteClient = require('knex/lib/dialects/better-sqlite3/index.js') as Ctor;
const SqliteTransaction = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js') as Ctor;

export const SQLITE_PRAGMAS = {
  journal_mode: 'wal',
  synchronous: 2, // FULL: the WAL is fsynced on every commit
  busy_timeout: 5000,
  foreign_keys: 1,
} as const;

export function applyPragmas(conn: BetterSqlite3.Database): void {
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = FULL');
  conn.pragma(`busy_timeout = ${SQLITE_PRAGMAS.busy_timeout}`);
  conn.pragma('foreign_keys = ON');
}

/**
 * Every top-level transaction takes SQLite's write lock up front (BEGIN IMMEDIATE), so a
 * read-then-write transaction can never fail with SQLITE_BUSY when it upgrades its lock.
 */
class ImmediateTransaction extends SqliteTransaction {
  begin(conn: BetterSqlite3.Database): Promise<void> {
    return beginImmediate(conn, () => this.trxClient.query(conn, 'BEGIN IMMEDIATE;'));
  }
}

/**
 * Takes the write lock, retrying while another connection holds it. busy_timeout would wait
 * synchronously, blocking the event loop and so also a holder of the lock in this same process.
 */
export async function beginImmediate(conn: BetterSqlite3.Database, begin: () => unknown): Promise<void> {
  const deadline = Date.now() + SQLITE_PRAGMAS.busy_timeout;
  for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
    // exec, not a cached statement: SQLite applies this pragma when it compiles it, not when it runs.
    conn.exec('PRAGMA busy_timeout = 0');
    try {
      await begin();
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw err;
    } finally {
      conn.exec(`PRAGMA busy_timeout = ${SQLITE_PRAGMAS.busy_timeout}`);
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** A compiled statement; a reader's rows come as arrays and are made into objects by `row`. */
interface Prepared {
  statement: BetterSqlite3.Statement;
  row?: (values: unknown[]) => Record<string, unknown>;
}

const statements = new WeakMap<BetterSqlite3.Database, Map<string, Prepared>>();
const MAX_STATEMENTS = 500;

/**
 * Builds a row object from a raw row. better-sqlite3 builds each row object column by column through
 * V8's API, which costs more than reading the row: a list of 200 orders took 1.9 ms as objects and
 * 0.9 ms as arrays made into objects by this function. Keys repeat in select order, so a later column
 * of the same name wins, as in better-sqlite3's own objects. The names are the statement's own columns.
 */
function rowMaker(columns: readonly string[]): (values: unknown[]) => Record<string, unknown> {
  const fields = columns.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as (values: unknown[]) => Record<string, unknown>;
}

/**
 * The statement knex would prepare anew for every query, compiled once per connection. Not for
 * pragmas (SQLite applies some when it compiles them) nor for queries that set safeIntegers.
 */
function prepared(conn: BetterSqlite3.Database, sql: string): Prepared {
  if (/^\s*pragma/i.test(sql)) return { statement: conn.prepare(sql) };
  let cache = statements.get(conn);
  if (!cache) statements.set(conn, (cache = new Map()));
  let entry = cache.get(sql);
  if (!entry) {
    if (cache.size >= MAX_STATEMENTS) cache.clear();
    const statement = conn.prepare(sql);
    entry = statement.reader
      ? { statement: statement.raw(true), row: rowMaker(statement.columns().map((c) => c.name)) }
      : { statement };
    cache.set(sql, entry);
  }
  return entry;
}

const plainStatements = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

/**
 * The connection's compiled statement for `sql`, for callers outside knex (the log, relaxed statements):
 * rows as objects, or as arrays of their columns' values when `raw`.
 */
export function cachedStatement(conn: BetterSqlite3.Database, sql: string, raw = false): BetterSqlite3.Statement {
  let cache = plainStatements.get(conn);
  if (!cache) plainStatements.set(conn, (cache = new Map()));
  const key = raw ? `raw:${sql}` : sql;
  let statement = cache.get(key);
  if (!statement) {
    if (cache.size >= MAX_STATEMENTS) cache.clear();
    cache.set(key, (statement = raw ? conn.prepare(sql).raw(true) : conn.prepare(sql)));
  }
  return statement;
}

interface KnexQuery {
  sql: string;
  bindings?: unknown[];
  options?: { safeIntegers?: boolean };
  response?: unknown;
  context?: { lastID: number | bigint; changes: number };
}

export class DurableSqliteClient extends BetterSqliteClient {
  /** knex's own, with the statement taken from the per-connection cache. */
  async _query(conn: BetterSqlite3.Database, obj: KnexQuery): Promise<KnexQuery> {
    if (!obj.sql) throw new Error('The query is empty');
    if (!conn) throw new Error('No connection provided');
    if (obj.options?.safeIntegers !== undefined) return super._query(conn, obj);
    const { statement, row } = prepared(conn, obj.sql);
    const bindings = this._formatBindings(obj.bindings) as unknown[];
    if (row) {
      obj.response = (statement.all(bindings) as unknown[][]).map(row);
      return obj;
    }
    if (statement.reader) {
      obj.response = statement.all(bindings);
      return obj;
    }
    const response = statement.run(bindings);
    obj.response = response;
    obj.context = { lastID: response.lastInsertRowid, changes: response.changes };
    return obj;
  }

  transaction(...args: unknown[]): unknown {
    return new ImmediateTransaction(this, ...args);
  }

  async acquireRawConnection(): Promise<BetterSqlite3.Database> {
    const conn = (await super.acquireRawConnection()) as BetterSqlite3.Database;
    applyPragmas(conn);
    return conn;
  }
}
