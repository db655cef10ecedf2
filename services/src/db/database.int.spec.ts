import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventType, NewEvent } from '@drinks/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, testDatabase, WITH_PG, type TestDb } from '../test-support/db.js';
import { assertDurability, openDatabase, type Db } from './database.js';
import { createEventStore } from '../store/event-store.js';
import { migrateCore } from './migrations.js';
import { relaxedStatement } from './relaxed.js';
import BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import { readCheckpoint, writeCheckpoint } from '../relay/tables.js';

const CORE_TABLES = [
  'events',
  'event_tags',
  'idempotency',
  'idempotency_bodies',
  'credentials',
  'refresh_tokens',
  'refresh_families',
  'session_revocations',
  'images',
  'checkpoints',
  'leases',
  'login_failures',
  'login_known_addresses',
];

describe('a SQLite database', () => {
  let dir: string;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const open = async () => {
    dir = await mkdtemp(join(tmpdir(), 'drinks-db-'));
    db = await openDatabase({ dataDir: join(dir, 'nested') });
    return db;
  };

  it('runs in WAL mode with synchronous=FULL, a busy timeout and foreign keys', async () => {
    const { knex } = await open();
    const pragma = async (name: string) => Object.values(((await knex.raw(`pragma ${name}`)) as object[])[0]!)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('busy_timeout')).toBe(5000);
    expect(await pragma('foreign_keys')).toBe(1);
  });

  it('keeps its directory and files to the owner (0700, 0600)', async () => {
    const { knex } = await open();
    await knex.raw('create table if not exists perm_probe (x integer)');
    const nested = join(dir, 'nested');
    expect((await stat(nested)).mode & 0o777).toBe(0o700);
    const files = (await readdir(nested)).filter((f) => f.startsWith('drinks.sqlite'));
    expect(files).toContain('drinks.sqlite-wal');
    for (const f of files) expect({ f, mode: (await stat(join(nested, f))).mode & 0o777 }).toEqual({ f, mode: 0o600 });
  });

  it('refuses to go on when a pragma drifted, naming it', async () => {
    const opened = await open();
    await expect(assertDurability(opened)).resolves.toBeUndefined();
    await opened.knex.raw('pragma synchronous = NORMAL');
    await expect(assertDurability(opened)).rejects.toThrow(/synchronous/);
  });

  it('begins write transactions with BEGIN IMMEDIATE', async () => {
    const opened = await open();
    const statements: string[] = [];
    opened.knex.on('query', (q: { sql: string }) => statements.push(q.sql));
    await opened.writeTransaction(async (trx) => trx('checkpoints').insert({ name: 'p', position: 1 }));
    expect(statements[0]).toBe('BEGIN IMMEDIATE;');
    expect(statements.at(-1)).toBe('COMMIT;');
  });

  it('runs a relaxed statement alone, waits for another writer without blocking, and leaves the log at FULL', async () => {
    const opened = await open();
    await migrateCore(opened);
    const relaxed = relaxedStatement(opened);
    const bind =
      'INSERT INTO idempotency_bodies (key, body_hash) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET key = excluded.key RETURNING body_hash';
    expect(await relaxed(bind, ['k1', 'h1'])).toEqual([{ body_hash: 'h1' }]);
    expect(await relaxed(bind, ['k1', 'h2'])).toEqual([{ body_hash: 'h1' }]);
    // Another process holds the write lock for 150 ms: the statement waits, and timers still run meanwhile.
    const other = new BetterSqlite3(join(dir, 'nested', 'drinks.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    setTimeout(() => other.exec('COMMIT'), 150);
    try {
      expect(await relaxed('DELETE FROM idempotency_bodies WHERE key = ? AND body_hash = ?', ['k1', 'h1'])).toEqual([]);
    } finally {
      clearInterval(ticker);
      other.close();
    }
    expect(ticks).toBeGreaterThan(5);
    expect(await opened.knex('idempotency_bodies').count({ n: '*' })).toEqual([{ n: 0 }]);
    const pragma = async (name: string) =>
      Object.values(((await opened.knex.raw(`pragma ${name}`)) as object[])[0]!)[0];
    expect([await pragma('synchronous'), await pragma('busy_timeout')]).toEqual([2, 5000]);
  });

  it('answers rows as better-sqlite3 builds them: names as selected, a repeated name the later column', async () => {
    const { knex } = await open();
    await knex.schema.createTable('row_probe', (t) => {
      t.integer('id').primary();
      t.text('name');
      t.float('price');
      t.text('note').nullable();
    });
    await knex('row_probe').insert([
      { id: 1, name: 'Latte', price: 2.5, note: null },
      { id: 2, name: 'Mocha "x"', price: 3, note: 'hot' },
    ]);
    const sql =
      'select a.*, b.name, a.name as "odd ""name""" from row_probe a join row_probe b on b.id = 3 - a.id order by a.id';
    const direct = new BetterSqlite3(join(dir, 'nested', 'drinks.sqlite'), { readonly: true });
    try {
      const expected = direct.prepare(sql).all();
      expect(expected[0]).toEqual({ id: 1, name: 'Mocha "x"', price: 2.5, note: null, 'odd "name"': 'Latte' });
      // Twice: the second answer comes from the cached statement.
      expect(await knex.raw(sql)).toEqual(expected);
      expect(await knex.raw(sql)).toEqual(expected);
      expect(await knex('row_probe').insert({ id: 3, name: 'Tea', price: 1 }).returning(['id', 'name'])).toEqual([
        { id: 3, name: 'Tea' },
      ]);
    } finally {
      direct.close();
    }
  });
});

describe.each(BACKENDS)('the core migration on %s', (kind) => {
  let db: TestDb;
  afterEach(() => db.cleanup());

  it('creates every core table and can run again', async () => {
    db = await testDatabase(kind);
    await migrateCore(db);
    for (const table of CORE_TABLES) expect(await db.knex.schema.hasTable(table)).toBe(true);
  });

  it('is safe when several processes migrate at once', async () => {
    db = await testDatabase(kind);
    await db.knex.schema.dropTable('leases');
    const others = await Promise.all([db.openAnother(), db.openAnother(), db.openAnother()]);
    try {
      await Promise.all(others.map((o) => migrateCore(o)));
      expect(await db.knex.schema.hasTable('leases')).toBe(true);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });

  it('adds the event type to the tag index of a log written without it, and reads by type from it', async () => {
    db = await testDatabase(kind);
    const store = createEventStore(db);
    // Only the type and tags matter to the index.
    const event = (type: EventType, tags: string[]) => ({ type, data: {}, tags }) as unknown as NewEvent;
    await store.append([event('MenuCreated', ['menu:m'])]);
    await store.append([event('OrderPlaced', ['menu:m', 'user:u'])]);
    await db.knex.schema.dropTable('event_tags');
    await db.knex.schema.createTable('event_tags', (t) => {
      t.text('tag').notNullable();
      t.integer('position').notNullable();
      t.primary(['tag', 'position']);
    });
    await db.knex('event_tags').insert([
      { tag: 'menu:m', position: 1 },
      { tag: 'menu:m', position: 2 },
      { tag: 'user:u', position: 2 },
    ]);

    await migrateCore(db);
    await migrateCore(db);

    const rows = await db.knex('event_tags').orderBy(['position', 'tag']).select('tag', 'type', 'position');
    expect(rows.map((r: { position: number | string }) => ({ ...r, position: Number(r.position) }))).toEqual([
      { tag: 'menu:m', type: 'MenuCreated', position: 1 },
      { tag: 'menu:m', type: 'OrderPlaced', position: 2 },
      { tag: 'user:u', type: 'OrderPlaced', position: 2 },
    ]);
    const positions = async (types: EventType[] | undefined, tags: string[]) =>
      (await store.read([{ ...(types ? { types } : {}), tags }])).events.map((e) => e.position);
    expect(await positions(['MenuCreated'], ['menu:m'])).toEqual([1]);
    expect(await positions(['OrderPlaced'], ['menu:m', 'user:u'])).toEqual([2]);
    expect(await positions(undefined, ['menu:m'])).toEqual([1, 2]);
    await store.close();
  });

  it('marks the push claims of a database made before claims recorded their sending as sent', async () => {
    db = await testDatabase(kind);
    await db.knex.schema.dropTable('push_deliveries');
    await db.knex.schema.createTable('push_deliveries', (t) => {
      t.text('key').primary();
      t.bigInteger('at').notNullable();
    });
    await db.knex('push_deliveries').insert({ key: 'ready:7', at: 1000 });

    await migrateCore(db);
    await migrateCore(db);

    const rows = await db.knex('push_deliveries').select('key', 'at', 'intent', 'sent_at');
    expect(
      rows.map((r: { at: unknown; sent_at: unknown }) => ({ ...r, at: Number(r.at), sent_at: Number(r.sent_at) })),
    ).toEqual([{ key: 'ready:7', at: 1000, intent: null, sent_at: 1000 }]);
  });

  it('keeps the sign-outs of a database made before they counted milliseconds, covering their whole second', async () => {
    db = await testDatabase(kind);
    await db.knex.schema.dropTable('session_revocations');
    await db.knex.schema.createTable('session_revocations', (t) => {
      t.text('user_id').primary();
      t.bigInteger('not_before').notNullable();
    });
    await db.knex('session_revocations').insert({ user_id: 'u1', not_before: 1_800_000_000 });

    await migrateCore(db);
    await migrateCore(db);

    const rows = await db.knex('session_revocations').select('user_id', 'not_before_ms');
    expect(rows.map((r: { user_id: string; not_before_ms: unknown }) => [r.user_id, Number(r.not_before_ms)])).toEqual([
      ['u1', 1_800_000_000_999],
    ]);
  });

  it('counts the Idempotency-Keys bound before repeats were counted as repeats, and a new key as none', async () => {
    db = await testDatabase(kind);
    await db.knex.schema.dropTable('idempotency_bodies');
    await db.knex.schema.createTable('idempotency_bodies', (t) => {
      t.text('key').primary();
      t.text('body_hash').notNullable();
      t.integer('answer_status').nullable();
      t.text('answer').nullable();
    });
    await db.knex('idempotency_bodies').insert({ key: 'u1:POST /api/order:k', body_hash: 'h' });

    await migrateCore(db);
    await migrateCore(db);
    await db.knex('idempotency_bodies').insert({ key: 'u1:POST /api/order:new', body_hash: 'h' });

    const rows = await db.knex('idempotency_bodies').select('key', 'repeats').orderBy('key');
    expect(rows.map((r: { key: string; repeats: unknown }) => [r.key, Number(r.repeats)])).toEqual([
      ['u1:POST /api/order:k', 1],
      ['u1:POST /api/order:new', 0],
    ]);
  });
});

describe.skipIf(!WITH_PG)('a PostgreSQL database', () => {
  let db: TestDb;
  afterEach(() => db.cleanup());

  it("keeps the log's commits waiting for the disk and lets only the relaxed pool skip the wait, in the same schema", async () => {
    db = await testDatabase('pg');
    const setting = async (k: Knex | Knex.Transaction) =>
      ((await k.raw('show synchronous_commit')) as { rows: { synchronous_commit: string }[] }).rows[0]!
        .synchronous_commit;
    expect(await setting(db.knex)).toBe('on');
    expect(await setting(db.relaxedKnex!)).toBe('off');
    await writeCheckpoint(db, 'relaxed-test', 7);
    await writeCheckpoint(db, 'relaxed-test', 3); // never backwards
    expect(await readCheckpoint(db.knex, 'relaxed-test')).toBe(7);
    // The log's own transactions never run on the relaxed pool.
    const store = createEventStore(db);
    const seen: string[] = [];
    db.relaxedKnex!.on('query', (q: { sql: string }) => seen.push(q.sql));
    await store.append([{ type: 'MenuCreated', data: {}, tags: ['menu:m'] } as unknown as NewEvent]);
    expect(seen).toEqual([]);
    await store.close();
  });
});
