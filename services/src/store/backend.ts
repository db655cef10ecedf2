import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import { PG_LOCK_NAMESPACE, type Db } from '../db/database.js';
import { beginImmediate } from '../db/sqlite-client.js';

/** Runs SQL with `?` placeholders on one connection (or transaction). */
export interface Exec {
  all<T>(sql: string, params: unknown[]): Promise<T[]>;
  run(sql: string, params: unknown[]): Promise<void>;
  /** One statement per row on SQLite (prepared, no round trip); one multi-row statement on PostgreSQL. */
  insert(table: string, columns: string[], rows: unknown[][]): Promise<void>;
}

export interface Backend {
  /** `fn` runs on one connection; several statements need not be one snapshot. */
  read<T>(fn: (x: Exec) => Promise<T>): Promise<T>;
  /** `fn` runs in one write transaction that holds the append lock; commits when `fn` resolves. */
  write<T>(fn: (x: Exec) => Promise<T>): Promise<T>;
}

export function createBackend(db: Db): Backend {
  return db.dialect === 'sqlite' ? sqliteBackend(db.knex) : pgBackend(db.knex, appendLockKey(db.schema ?? ''));
}

/** A per-schema key, so appends in other schemas (tests, tenants) do not wait on each other. */
function appendLockKey(schema: string): number {
  let h = 0x811c9dc5;
  for (const c of schema) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  return h | 0;
}

function sqliteBackend(knex: Knex): Backend {
  const statements = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();
  const exec = (conn: BetterSqlite3.Database): Exec => {
    let cache = statements.get(conn);
    if (!cache) statements.set(conn, (cache = new Map()));
    const prepare = (sql: string) => {
      let stmt = cache.get(sql);
      if (!stmt) {
        if (cache.size > 500) cache.clear();
        cache.set(sql, (stmt = conn.prepare(sql)));
      }
      return stmt;
    };
    return {
      all: async <T>(sql: string, params: unknown[]) => prepare(sql).all(...params) as T[],
      run: async (sql, params) => void prepare(sql).run(...params),
      insert: async (table, columns, rows) => {
        const stmt = prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
        for (const row of rows) stmt.run(...row);
      },
    };
  };
  // The store borrows knex's single pooled connection, so its statements never interleave with knex's.
  const withConnection = async <T>(fn: (conn: BetterSqlite3.Database) => Promise<T>): Promise<T> => {
    const conn = (await knex.client.acquireConnection()) as BetterSqlite3.Database;
    try {
      return await fn(conn);
    } finally {
      await knex.client.releaseConnection(conn);
    }
  };
  return {
    read: (fn) => withConnection((conn) => fn(exec(conn))),
    write: (fn) =>
      withConnection(async (conn) => {
        const x = exec(conn);
        await beginImmediate(conn, () => x.run('BEGIN IMMEDIATE', []));
        try {
          const result = await fn(x);
          await x.run('COMMIT', []);
          return result;
        } catch (err) {
          if (conn.inTransaction) await x.run('ROLLBACK', []);
          throw err;
        }
      }),
  };
}

function pgBackend(knex: Knex, lockKey: number): Backend {
  const exec = (k: Knex | Knex.Transaction): Exec => ({
    all: async <T>(sql: string, params: unknown[]) =>
      ((await k.raw(sql, params as Knex.RawBinding[])) as { rows: T[] }).rows,
    run: async (sql, params) => void (await k.raw(sql, params as Knex.RawBinding[])),
    insert: async (table, columns, rows) => {
      if (rows.length === 0) return;
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`;
      await k.raw(sql, rows.flat() as Knex.RawBinding[]);
    },
  });
  return {
    read: (fn) => fn(exec(knex)),
    write: (fn) =>
      knex.transaction(async (trx) => {
        // Serializes appends across processes: the condition check and max+1 are atomic and
        // positions become visible in commit order, without gaps.
        await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [PG_LOCK_NAMESPACE + 1, lockKey]);
        return fn(exec(trx));
      }),
  };
}
