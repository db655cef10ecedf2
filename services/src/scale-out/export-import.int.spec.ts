import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, placeCafeOrder, staffTokens, uploadImage } from '../api/tests/fixtures.js';
import { openDatabase, type Db } from '../db/database.js';
import { FAKE_NOW, dumpReadModels, rebuildAndDump } from '../faults/tests/support.js';
import { repoRoot } from '../test-support/process.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cli = (name: string) => join(repoRoot(), 'services', 'dist', 'cli', `${name}.js`);

/** Runs a built CLI with `schema`, stdin from `input` and stdout into `output` (files). */
function runCli(
  name: string,
  schema: string,
  io: { input?: string; output?: string } = {},
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli(name)], {
      env: { ...process.env, DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent' },
      stdio: ['pipe', io.output ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    if (io.output) child.stdout!.pipe(createWriteStream(io.output));
    if (io.input) createReadStream(io.input).pipe(child.stdin!);
    else child.stdin!.end();
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

describe('export and import of the event log (PostgreSQL, built CLIs)', () => {
  let app: TestServer;
  const source = `t_exp_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const target = `t_imp_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const dir = mkdtempSync(join(tmpdir(), 'drinks-export-'));
  const file = join(dir, 'events.jsonl');
  let targetDb: Db;

  beforeAll(async () => {
    app = await startTestServer({
      DATABASE_URL: PG_URL,
      DATABASE_SCHEMA: source,
      FAKE_NOW,
      JWT_SECRET: '79c87fce1954484df0360644c0259f90653b6b1020ef506f53041c4b3b47afac',
    });
    const staff = await staffTokens(app);
    const menus = await catalog(app, staff.barista);
    // Some traffic with idempotency keys, transitions and renames: more than the demo seed.
    for (let i = 0; i < 6; i++) {
      const u = await app.newUser();
      const image = await uploadImage(app, u.token);
      const first = await placeCafeOrder(app, u.token, menus.cafeMenu.id, image, {});
      if (first.status !== 201) throw new Error(`order: ${first.status} ${JSON.stringify(first.body)}`);
      const placed = first.body;
      const second = await app.call('POST', '/order', {
        token: u.token,
        headers: { 'Idempotency-Key': `k-${i}` },
        body: { menu_id: menus.cafeMenu2.id, type: 'cold', sweetness: 25, remark: 'x', tumblerImage: image },
      });
      if (second.status !== 201) throw new Error(`order: ${second.status} ${JSON.stringify(second.body)}`);
      if (i % 2 === 0)
        await app.call('PATCH', `/order/barista/${placed.id}`, {
          token: staff.barista,
          body: { status: 'in-progress' },
        });
    }
    targetDb = await openDatabase({ dataDir: dir, databaseUrl: PG_URL, schema: target });
  }, 60_000);

  afterAll(async () => {
    for (const schema of [target, source]) await targetDb?.knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
    await targetDb?.close();
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives back the same log and, after a rebuild, the same read models', async () => {
    const exported = await runCli('export', source, { output: file });
    expect(exported.code, exported.stderr).toBe(0);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const src = await openDatabase({ dataDir: dir, databaseUrl: PG_URL, schema: source, migrate: false });
    try {
      const head = Number((await src.knex('events').max({ m: 'position' }))[0]!.m);
      expect(lines.length).toBe(head);
      expect(lines.map((l) => JSON.parse(l).position)).toEqual(Array.from({ length: head }, (_, i) => i + 1));

      const imported = await runCli('import', target, { input: file });
      expect(imported.code, imported.stderr).toBe(0);
      const rows = (k: Db) => k.knex('events').orderBy('position').select();
      expect(await rows(targetDb)).toEqual(await rows(src));
      const tags = (k: Db) => k.knex('event_tags').orderBy(['position', 'tag']).select();
      expect(await tags(targetDb)).toEqual(await tags(src));
      const keys = (k: Db) => k.knex('idempotency').orderBy('key').select();
      expect((await keys(targetDb)).length).toBeGreaterThanOrEqual(6);
      expect(await keys(targetDb)).toEqual(await keys(src));

      const live = await dumpReadModels(src.knex);
      expect(live.rm_orders!.length).toBeGreaterThanOrEqual(12);
      expect(await rebuildAndDump(targetDb)).toEqual(live);
    } finally {
      await src.close();
    }
  });

  it('refuses to import into a log that already holds events, and changes nothing', async () => {
    const before = Number((await targetDb.knex('events').count({ c: '*' }))[0]!.c);
    expect(before).toBeGreaterThan(0);
    const again = await runCli('import', target, { input: file });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty/);
    expect(Number((await targetDb.knex('events').count({ c: '*' }))[0]!.c)).toBe(before);
  });
});
