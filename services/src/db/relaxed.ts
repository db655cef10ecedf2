import type { Knex } from 'knex';

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

/**
 * One statement under the same promise as relaxedTransaction: on PostgreSQL's relaxed pool it runs
 * alone (one round trip instead of BEGIN, SET LOCAL, the statement and COMMIT).
 */
export function relaxedStatement(db: RelaxedDb): <T>(fn: (k: Knex | Knex.Transaction) => Promise<T>) => Promise<T> {
  if (db.relaxedKnex) {
    const relaxedKnex = db.relaxedKnex;
    return (fn) => fn(relaxedKnex);
  }
  const transaction = relaxedTransaction(db);
  return (fn) => transaction(fn);
}
