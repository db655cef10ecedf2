import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { FAKE_NOW, JWT_SECRET } from '../../../services/src/faults/tests/support.js';
import { customersOf, type Customers } from '../../../services/src/faults/tests/traffic.js';
import { freePort, repoRoot, spawnServer, type SpawnedServer } from '../../../services/src/test-support/process.js';
import { businessDay } from '@drinks/contracts';
import { openDatabase, type Db } from '../../../services/src/db/database.js';
import { progress, seedCustomers } from '../../../services/src/scale-out/cluster.js';
import { testDatabase } from '../../../services/src/test-support/db.js';
import { until } from '../../../services/src/test-support/nats.js';
import { seedPastOrders } from './http.js';

export interface BenchServer {
  server: SpawnedServer;
  customers: Customers;
  close(): Promise<void>;
}

/** The business day the bench's servers run on (they run at FAKE_NOW). */
export const BENCH_TODAY = businessDay(new Date(FAKE_NOW), 'Asia/Bangkok');

/** A built all-in-one server on SQLite in a temp dir, with `users` customers (tokens minted, no scrypt). */
export async function benchServer(users: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinks-bench-'));
  const server = await spawnServer({
    DATA_DIR: dataDir,
    JWT_SECRET,
    FAKE_NOW,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const customers = await customersOf(server.url, dataDir, users, 60_000);
  return {
    server,
    customers,
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface HistoryServer {
  server: SpawnedServer;
  customers: Customers;
  /** Stops the server and removes its data (kept with BENCH_KEEP, and said where). */
  stop(): Promise<void>;
}

/**
 * A built all-in-one server on SQLite (a temp dir) or PostgreSQL (a schema of its own), with `users` customers
 * and `past` orders of earlier days (seedPastOrders), handed over once its projections, relay and push
 * dispatcher have taken them in. BENCH_ANALYZE=1 runs ANALYZE on PostgreSQL then, as autovacuum would in service.
 */
export async function serverWithHistory(
  kind: 'sqlite' | 'pg',
  opts: { users: number; past: number; served?: boolean; nodeArgs?: string[] },
): Promise<HistoryServer> {
  const db = kind === 'pg' ? await testDatabase('pg') : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'drinks-bench-'));
  const removeData = async () => {
    if (process.env.BENCH_KEEP) return console.error('kept', dataDir, db?.env ?? '');
    rmSync(dataDir, { recursive: true, force: true });
    await db?.cleanup();
  };
  const server = await spawnServer(
    { ...db?.env, DATA_DIR: dataDir, JWT_SECRET, FAKE_NOW, DEMO_DATA: 'true', LOG_LEVEL: 'silent' },
    { readyTimeoutMs: 120_000, ...(opts.nodeArgs ? { nodeArgs: opts.nodeArgs } : {}) },
  ).catch(async (err: unknown) => {
    await removeData();
    throw err;
  });
  const stop = async () => {
    await server.stop();
    await removeData();
  };
  try {
    const seedDb = db ? await db.openAnother() : await openDatabase({ dataDir });
    try {
      const customers = await seedCustomers(seedDb, server.url, opts.users, 60_000);
      await seedPastOrders(seedDb, server.url, customers, opts.past, BENCH_TODAY, opts.served ? { served: true } : {});
      // The server takes in what another connection appended once its relay polls the log.
      if (opts.past > 0) await until(() => caughtUp(seedDb), 300_000);
      if (db && process.env.BENCH_ANALYZE) await seedDb.knex.raw('ANALYZE');
      return { server, customers, stop };
    } finally {
      await seedDb.close();
    }
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Whether the projections, the relay and the push dispatcher have all reached the log's head. */
async function caughtUp(db: Db): Promise<boolean> {
  const { head, projections } = await progress(db);
  const rows = (await db.knex('checkpoints').whereIn('name', ['relay', 'push']).select('position')) as {
    position: unknown;
  }[];
  return projections >= head && rows.length === 2 && rows.every((r) => Number(r.position) >= head);
}

/** NATS settings with a stream of its own (deleted by the returned cleanup). */
export async function natsEnv(url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222') {
  const suffix = randomUUID().replaceAll('-', '').slice(0, 10);
  const stream = `BENCH_${suffix}`;
  return {
    env: { NATS_URL: url, NATS_STREAM: stream, NATS_SUBJECT_PREFIX: `bench_${suffix}` },
    async cleanup() {
      const { connect } = await import('nats');
      const nc = await connect({ servers: url, timeout: 2000 });
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete(stream).catch(() => false);
      await nc.close();
    },
  };
}

/** A bare Koa app answering JSON on /api/ping and an empty page on /blank, in its own process. */
export async function bareKoa(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const code = `
    import Koa from 'koa';
    const app = new Koa();
    app.use(async (ctx) => {
      if (ctx.method === 'POST') {
        let raw = '';
        for await (const chunk of ctx.req) raw += chunk;
        ctx.status = 201;
        ctx.body = { ok: true, got: JSON.parse(raw || '{}') };
      } else if (ctx.path === '/blank') { ctx.type = 'html'; ctx.body = '<!doctype html><title>blank</title><div id="root">blank page</div>'; }
      else ctx.body = { ok: true, at: new Date().toISOString() };
    });
    app.listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: join(repoRoot(), 'services'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (c) => reject(new Error(`bare koa exited ${c}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(child.pid!, 'SIGTERM');
      await exited;
    },
  };
}
