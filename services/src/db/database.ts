import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { ConfigError } from '../config.js';
import { migrateCore } from './migrations.js';
import { DurableSqliteClient, SQLITE_PRAGMAS } from './sqlite-client.js';
import { PreparingPgClient } from './pg-client.js';

export interface Db {
  knex: Knex;
  dialect: 'sqlite' | 'pg';
  /** PostgreSQL schema the connections use (search_path), when one was given. */
  schema?: string;
  /**
   * PostgreSQL only: a small pool whose sessions commit without waiting for the disk, for what a crash
   * may roll back because it is redone from the log (see relaxed.ts). Saves a SET LOCAL round trip per
   * such transaction, and a single statement there needs no transaction at all.
   */
  relaxedKnex?: Knex;
  /** One write transaction: BEGIN IMMEDIATE on SQLite; a plain transaction on PostgreSQL. */
  writeTransaction<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  schema?: string;
  filename?: string;
  /** Run `migrateCore` (default true). */
  migrate?: boolean;
}

/** Advisory lock namespace (first key of the two-int form) for this app's PostgreSQL locks. */
export const PG_LOCK_NAMESPACE = 0x0d1e5;

/** The database the settings name: PostgreSQL at DATABASE_URL (in DATABASE_SCHEMA), else SQLite in DATA_DIR. */
export function openConfiguredDatabase(config: {
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
  DATABASE_SCHEMA?: string | undefined;
}): Promise<Db> {
  return openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, schema: config.DATABASE_SCHEMA });
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Db> {
  const db = opts.databaseUrl ? await openPg(opts.databaseUrl, opts.schema) : openSqlite(opts);
  try {
    await assertDurability(db);
    if (opts.migrate !== false) await migrateCore(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

function openSqlite(opts: OpenDatabaseOptions): Db {
  // Accounts, hashes and tokens live here: the owner only. SQLite gives -wal and -shm the file's mode.
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(opts.dataDir, 0o700);
  const filename = join(opts.dataDir, opts.filename ?? 'drinks.sqlite');
  closeSync(openSync(filename, 'a', 0o600));
  chmodSync(filename, 0o600);
  const knex = knexFactory({
    client: DurableSqliteClient as unknown as typeof Knex.Client,
    connection: { filename },
    useNullAsDefault: true,
    pool: { min: 1, max: 1 },
  });
  return makeDb(knex, 'sqlite');
}

async function openPg(url: string, schema?: string): Promise<Db> {
  const knex = knexFactory({
    client: PreparingPgClient as unknown as typeof Knex.Client,
    connection: url,
    pool: { min: 0, max: 10 },
    ...(schema ? { searchPath: [schema] } : {}),
  });
  const relaxedKnex = knexFactory({
    client: PreparingPgClient as unknown as typeof Knex.Client,
    connection: { connectionString: url, options: '-c synchronous_commit=off' },
    pool: { min: 0, max: 3 },
    ...(schema ? { searchPath: [schema] } : {}),
  });
  if (schema) {
    try {
      // Two processes creating the same schema at once race on a unique index: serialize them.
      await knex.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(?, 0)', [PG_LOCK_NAMESPACE]);
        await trx.raw('create schema if not exists ??', [schema]);
      });
    } catch (err) {
      await Promise.all([knex.destroy(), relaxedKnex.destroy()]);
      throw err;
    }
  }
  return {
    ...makeDb(knex, 'pg', schema),
    relaxedKnex,
    close: () => Promise.all([knex, relaxedKnex].map((k) => k.destroy())).then(() => undefined),
  };
}

function makeDb(knex: Knex, dialect: Db['dialect'], schema?: string): Db {
  return {
    knex,
    dialect,
    ...(schema ? { schema } : {}),
    writeTransaction: (fn) => knex.transaction(fn),
    close: () => knex.destroy(),
  };
}

/** Throws when a connection's durability settings differ from what the app relies on. */
export async function assertDurability(db: Db): Promise<void> {
  if (db.dialect === 'pg') {
    const { rows } = (await db.knex.raw('show synchronous_commit')) as { rows: { synchronous_commit: string }[] };
    if (rows[0]?.synchronous_commit === 'off') {
      // A setting the operator chose (DATABASE_URL's options, the role's or the server's): said as one, exit 78.
      throw new ConfigError(
        "Durability guard: PostgreSQL synchronous_commit is off for DATABASE_URL's connection (its options, the " +
          "role's or the server's settings). The event log must be on disk before a command is answered: turn it on.",
      );
    }
    return;
  }
  for (const [name, expected] of Object.entries(SQLITE_PRAGMAS)) {
    const rows = (await db.knex.raw(`pragma ${name}`)) as Record<string, unknown>[];
    const actual = rows[0] ? Object.values(rows[0])[0] : undefined;
    const normalized = typeof actual === 'string' ? actual.toLowerCase() : actual;
    if (normalized !== expected) {
      throw new Error(`Durability guard: SQLite pragma ${name} is ${String(actual)}, expected ${expected}`);
    }
  }
}
