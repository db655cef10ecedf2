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

export class DurableSqliteClient extends BetterSqliteClient {
  transaction(...args: unknown[]): unknown {
    return new ImmediateTransaction(this, ...args);
  }

  async acquireRawConnection(): Promise<BetterSqlite3.Database> {
    const conn = (await super.acquireRawConnection()) as BetterSqlite3.Database;
    applyPragmas(conn);
    return conn;
  }
}
