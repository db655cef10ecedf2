import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import { PG_LOCK_NAMESPACE, type Db } from '../db/database.js';
import { beginImmediate, cachedStatement } from '../db/sqlite-client.js';

/** Runs SQL with `?` placeholders on one connection (or transaction). */
export interface Exec {
  all<T>(sql: string, params: unknown[]): Promise<T[]>;
  /** Rows as arrays of their columns' values, in the order selected. */
  values<T extends unknown[]>(sql: string, params: unknown[]): Promise<T[]>;
  run(sql: string, params: unknown[]): Promise<void>;
  /**
   * Which of these queries return a row: one statement each on SQLite, where a statement costs no round
   * trip (and one compound statement of many EXISTS ran a hundred times slower); one for all on PostgreSQL.
   */
  hits(queries: readonly { text: string; params: unknown[] }[]): Promise<boolean[]>;
  /** Prepared single-row statements on SQLite (no round trip); one statement for all on PostgreSQL. */
  insert(...inserts: Insert[]): Promise<void>;
  /**
   * Ends a savepoint that succeeded. A no-op on PostgreSQL, where it would cost a round trip and
   * free nothing: a subtransaction's xid stays with the transaction until it ends either way.
   */
  release(savepoint: string): Promise<void>;
}

export interface Insert {
  table: string;
  columns: string[];
  rows: unknown[][];
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
  const exec = (conn: BetterSqlite3.Database): Exec => {
    const prepare = (sql: string, raw = false) => cachedStatement(conn, sql, raw);
    return {
      all: async <T>(sql: string, params: unknown[]) => prepare(sql).all(...params) as T[],
      values: async <T extends unknown[]>(sql: string, params: unknown[]) => prepare(sql, true).all(...params) as T[],
      run: async (sql, params) => void prepare(sql).run(...params),
      hits: async (queries) =>
        queries.map((q) => (prepare(`SELECT EXISTS (${q.text}) AS hit`).get(...q.params) as { hit: number }).hit === 1),
      insert: async (...inserts) => {
        for (const { table, columns, rows } of inserts) {
          const stmt = prepare(
            `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
          );
          for (const row of rows) stmt.run(...row);
        }
      },
      release: async (savepoint) => void prepare(`RELEASE SAVEPOINT ${savepoint}`).run(),
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

function insertSql({ table, columns, rows }: Insert): { text: string; params: unknown[] } {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  return {
    text: `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`,
    params: rows.flat(),
  };
}

function pgBackend(knex: Knex, lockKey: number): Backend {
  const exec = (k: Knex | Knex.Transaction): Exec => ({
    all: async <T>(sql: string, params: unknown[]) =>
      ((await k.raw(sql, params as Knex.RawBinding[])) as { rows: T[] }).rows,
    values: async <T extends unknown[]>(sql: string, params: unknown[]) =>
      ((await k.raw(sql, params as Knex.RawBinding[]).options({ rowMode: 'array' })) as { rows: T[] }).rows,
    run: async (sql, params) => void (await k.raw(sql, params as Knex.RawBinding[])),
    hits: async (queries) => {
      if (queries.length === 0) return [];
      const text = queries.map((q, i) => `SELECT ${i} AS i WHERE EXISTS (${q.text})`).join(' UNION ALL ');
      const { rows } = (await k.raw(text, queries.flatMap((q) => q.params) as Knex.RawBinding[])) as {
        rows: { i: number | string }[];
      };
      const hit = new Set(rows.map((r) => Number(r.i)));
      return queries.map((_, i) => hit.has(i));
    },
    insert: async (...inserts) => {
      // Data-modifying CTEs: every insert runs, in one round trip.
      const statements = inserts.filter((i) => i.rows.length > 0).map(insertSql);
      if (statements.length === 0) return;
      const last = statements.pop()!;
      const ctes = statements.map((s, i) => `i${i} AS (${s.text})`);
      const text = ctes.length > 0 ? `WITH ${ctes.join(', ')} ${last.text}` : last.text;
      await k.raw(text, [...statements, last].flatMap((s) => s.params) as Knex.RawBinding[]);
    },
    release: async () => {},
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
