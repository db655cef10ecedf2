import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase, type Db } from '../db/database.js';

/** SQLITE_ONLY=1 (`make test-fast`) leaves PostgreSQL out; the full suite runs both. */
export const BACKENDS = process.env.SQLITE_ONLY === '1' ? (['sqlite'] as const) : (['sqlite', 'pg'] as const);
export type Backend = 'sqlite' | 'pg';
export const WITH_PG = (BACKENDS as readonly Backend[]).includes('pg');
export type TestDb = Db & {
  /** Another, independent connection (pool) to the same database, as a second process would have. */
  openAnother(): Promise<Db>;
  /** The configuration that opens this database in another process. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
};

const FALLBACK_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
let containerUrl: Promise<string> | undefined;

/** A fresh database: a temp dir for SQLite; a schema of its own on PostgreSQL, dropped by `cleanup`. */
export async function testDatabase(kind: Backend): Promise<TestDb> {
  if (kind === 'sqlite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'drinks-test-'));
    const db = await openDatabase({ dataDir });
    return {
      ...db,
      openAnother: () => openDatabase({ dataDir }),
      env: { DATA_DIR: dataDir },
      async cleanup() {
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const databaseUrl = await pgUrl();
  const db = await openDatabase({ dataDir: tmpdir(), databaseUrl, schema });
  return {
    ...db,
    openAnother: () => openDatabase({ dataDir: tmpdir(), databaseUrl, schema }),
    env: { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema },
    async cleanup() {
      try {
        await db.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      } finally {
        await db.close();
      }
    },
  };
}

async function pgUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  if (!(await dockerAnswers())) return FALLBACK_PG_URL;
  containerUrl ??= (async () => {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    // Reaped by testcontainers when the test process exits.
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    return container.getConnectionUri();
  })();
  return containerUrl;
}

function dockerAnswers(socketPath = '/var/run/docker.sock'): Promise<boolean> {
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/_ping', timeout: 500 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}
