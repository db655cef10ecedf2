import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import { beginImmediate, cachedStatement } from './sqlite-client.js';

type RelaxedDb = { knex: Knex; dialect: 'sqlite' | 'pg'; relaxedKnex?: Knex | undefined };

export type Transact = <T>(fn: (trx: Knex.Transaction) => Promise<T>) => Promise<T>;

/**
 * A write transaction whose commit does not wait for the disk, for state a crash may roll back because
 * it is derived from the log and redone from it (read models, how far the relay has published).
 * SQLite (WAL): synchronous=NORMAL for this transaction only, on the one connection held throughout, so
 * no append of the log ever commits without its fsync; the log's next commit makes these durable too.
 * PostgreSQL: an asynchronous commit, visible at once, durable a moment later.
 */
export function relaxedTransaction(db: RelaxedDb): Transact {
  if (db.relaxedKnex) {
    const relaxedKnex = db.relaxedKnex;
    return (fn) => relaxedKnex.transaction(fn);
  }
  if (db.dialect === 'pg') {
    return (fn) =>
      db.knex.transaction(async (trx) => {
        await trx.raw('SET LOCAL synchronous_commit TO OFF');
        return fn(trx);
      });
  }
  return async (fn) => {
    const client = db.knex.client as {
      acquireConnection(): Promise<{ exec(sql: string): void }>;
      releaseConnection(c: unknown): Promise<void>;
    };
    const conn = await client.acquireConnection();
    try {
      conn.exec('PRAGMA synchronous = NORMAL');
      return await db.knex.transaction(fn, { connection: conn });
    } finally {
      conn.exec('PRAGMA synchronous = FULL');
      await client.releaseConnection(conn);
    }
  };
}

/** One statement with `?` placeholders; its rows when it returns any (RETURNING), else none. */
export type RelaxedStatement = <T = Record<string, unknown>>(sql: string, params: unknown[]) => Promise<T[]>;

/**
 * One statement under the same promise as relaxedTransaction, run alone: on PostgreSQL's relaxed pool
 * one round trip instead of BEGIN, SET LOCAL, the statement and COMMIT; on SQLite an autocommit of the
 * cached statement on the one connection, with no knex transaction around it (its BEGIN IMMEDIATE,
 * COMMIT and transaction object cost more than the statement).
 */
export function relaxedStatement(db: RelaxedDb): RelaxedStatement {
  if (db.dialect === 'pg') {
    const rows = async <T>(k: Knex | Knex.Transaction, sql: string, params: unknown[]) =>
      ((await k.raw(sql, params as Knex.RawBinding[])) as { rows: T[] }).rows;
    const knex = db.relaxedKnex;
    if (knex) return (sql, params) => rows(knex, sql, params);
    const transaction = relaxedTransaction(db);
    return (sql, params) => transaction((trx) => rows(trx, sql, params));
  }
  const client = db.knex.client as {
    acquireConnection(): Promise<BetterSqlite3.Database>;
    releaseConnection(c: unknown): Promise<void>;
  };
  return async <T>(sql: string, params: unknown[]) => {
    const conn = await client.acquireConnection();
    try {
      conn.exec('PRAGMA synchronous = NORMAL');
      const statement = cachedStatement(conn, sql);
      let rows: T[] = [];
      // Taken like a transaction's lock: another process's writer makes it wait without blocking the loop.
      await beginImmediate(conn, () => {
        rows = statement.reader ? (statement.all(params) as T[]) : (statement.run(params), []);
      });
      return rows;
    } finally {
      conn.exec('PRAGMA synchronous = FULL');
      await client.releaseConnection(conn);
    }
  };
}
