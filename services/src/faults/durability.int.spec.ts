import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { WITH_PG } from '../test-support/db.js';
import { spawnServer, type SpawnedServer } from '../test-support/process.js';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

describe('the durability guard at start-up', () => {
  const dirs: string[] = [];
  const servers: SpawnedServer[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'drinks-durable-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.stop(2000);
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('puts a SQLite log whose journal mode was tampered with offline back into WAL before serving', async () => {
    const dataDir = tempDir();
    servers.push(await spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'silent' }));
    await servers.pop()!.stop();
    const file = join(dataDir, 'drinks.sqlite');
    const raw = new Database(file);
    raw.pragma('journal_mode = DELETE');
    expect(raw.pragma('journal_mode', { simple: true })).toBe('delete');
    raw.close();

    const server = await spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
    servers.push(server);
    expect((await fetch(`${server.url}/api/readyz`)).status).toBe(200);
    const check = new Database(file, { readonly: true });
    expect(check.pragma('journal_mode', { simple: true })).toBe('wal');
    check.close();
  });

  it('keeps synchronous=FULL and immediate write transactions on the connection the log uses', async () => {
    const db = await openDatabase({ dataDir: tempDir() });
    try {
      const pragma = async (name: string) => Object.values(((await db.knex.raw(`pragma ${name}`)) as object[])[0]!)[0];
      expect([await pragma('journal_mode'), await pragma('synchronous'), await pragma('busy_timeout')]).toEqual([
        'wal',
        2,
        5000,
      ]);
      // A second writer waits for the first: the write lock is taken at BEGIN, not at the first write.
      const other = await openDatabase({ dataDir: dirs.at(-1)! });
      const order: string[] = [];
      let release!: () => void;
      const holding = db.writeTransaction(async () => {
        order.push('first in');
        await new Promise<void>((r) => (release = r));
        order.push('first out');
      });
      await new Promise((r) => setTimeout(r, 20));
      const second = other.writeTransaction(async (trx) => {
        order.push('second in');
        await trx.raw('select 1');
      });
      await new Promise((r) => setTimeout(r, 100));
      release();
      await Promise.all([holding, second]);
      await other.close();
      expect(order).toEqual(['first in', 'first out', 'second in']);
    } finally {
      await db.close();
    }
  });

  // Registered only where PostgreSQL is part of the run (not in `make test-fast`).
  if (WITH_PG)
    it('refuses to start on PostgreSQL with synchronous_commit off, naming it', async () => {
      const url = new URL(PG_URL);
      url.searchParams.set('options', '-c synchronous_commit=off');
      await expect(openDatabase({ dataDir: tempDir(), databaseUrl: url.toString() })).rejects.toThrow(
        /synchronous_commit/,
      );
      const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      await expect(
        spawnServer(
          {
            DATA_DIR: tempDir(),
            DATABASE_URL: url.toString(),
            DATABASE_SCHEMA: schema,
            DEMO_DATA: 'false',
            LOG_LEVEL: 'silent',
          },
          { readyTimeoutMs: 15_000 },
        ),
        // Refused as a setting is (exit 78, one line), not with a stack trace.
      ).rejects.toThrow(/code 78[^]*Cannot start: Durability guard: PostgreSQL synchronous_commit is off/);
      const clean = await openDatabase({ dataDir: tempDir(), databaseUrl: PG_URL, migrate: false });
      await clean.knex.raw('drop schema if exists ?? cascade', [schema]);
      await clean.close();
    });
});
