import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PROJECTIONS } from '@drinks/projections';
import { openDatabase, type Db } from '../db/database.js';
import { FAKE_NOW, JWT_SECRET } from '../faults/tests/support.js';
import type { Customers } from '../faults/tests/traffic.js';
import { spawnServer, type SpawnedServer } from '../test-support/process.js';

export const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Role = 'api' | 'relay' | 'projector';

/**
 * The scale-out topology as real processes (`node services/dist/main.js`) on loopback, sharing
 * one PostgreSQL schema and one JetStream stream. The caller starts the processes it wants.
 */
export interface Cluster {
  schema: string;
  env: Record<string, string>;
  /** A direct connection to the cluster's schema (for assertions and seeding). */
  db: Db;
  processes: SpawnedServer[];
  start(role: Role, extra?: Record<string, string>): Promise<SpawnedServer>;
  /** Stops every process this cluster started (by pid), drops the schema. */
  close(): Promise<void>;
}

export async function createCluster(
  nats: { url: string; stream: string; subjectPrefix: string },
  env: Record<string, string> = {},
): Promise<Cluster> {
  const schema = `t_so_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'drinks-scale-'));
  const common = {
    DATABASE_URL: PG_URL,
    DATABASE_SCHEMA: schema,
    NATS_URL: nats.url,
    NATS_STREAM: nats.stream,
    NATS_SUBJECT_PREFIX: nats.subjectPrefix,
    JWT_SECRET,
    FAKE_NOW,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const db = await openDatabase({ dataDir, databaseUrl: PG_URL, schema });
  const processes: SpawnedServer[] = [];
  return {
    schema,
    env: common,
    db,
    processes,
    async start(role, extra = {}) {
      const p = await spawnServer({ ...common, ROLE: role, ...extra }, { readyTimeoutMs: 30_000 });
      processes.push(p);
      return p;
    },
    async close() {
      await Promise.all(processes.map((p) => p.stop(5_000).catch(() => undefined)));
      try {
        await db.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      } finally {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export { seedCustomers, type Customers } from '../faults/tests/traffic.js';

/** The PlaceOrder body for a cafe menu. */
export const orderBody = (c: Customers, menu = c.menus[0]!) => ({
  menu_id: menu,
  type: 'hot',
  sweetness: 50,
  remark: '',
  tumblerImage: c.image,
});

/** Lowest projection checkpoint and the log's head, read from the database. */
export async function progress(db: Db): Promise<{ head: number; projections: number }> {
  const head = Number((await db.knex('events').max({ m: 'position' }))[0]!.m ?? 0);
  const rows = await db
    .knex('checkpoints')
    .whereIn(
      'name',
      ALL_PROJECTIONS.map((p) => p.name),
    )
    .select('position');
  const projections = rows.length === 0 ? 0 : Math.min(...rows.map((r) => Number(r.position)));
  return { head, projections };
}

export async function until(ok: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
