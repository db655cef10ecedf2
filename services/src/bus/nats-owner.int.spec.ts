import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, nanos, StorageType, type JetStreamManager, type NatsConnection } from 'nats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { FAKE_NOW, JWT_SECRET, seedUsers } from '../faults/tests/support.js';
import { createCluster } from '../scale-out/cluster.js';
import { createEventStore } from '../store/event-store.js';
import { storedEvents, streamEvents, testNats, until, type TestNats } from '../test-support/nats.js';
import { spawnServer, type SpawnedServer } from '../test-support/process.js';
import { createNatsBus } from './nats.js';

describe('a NATS stream marked with the log of the database that publishes to it', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const dirs: string[] = [];
  const servers: SpawnedServer[] = [];
  const otherStreams: string[] = [];
  const dataDir = () => (dirs.push(mkdtempSync(join(tmpdir(), 'drinks-owner-'))), dirs.at(-1)!);

  beforeEach(async () => {
    nats = await testNats();
    nc = await connect({ servers: nats.url });
    jsm = await nc.jetstreamManager();
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop(5_000)));
    for (const name of otherStreams.splice(0)) await jsm.streams.delete(name).catch(() => false);
    await nc.close();
    await nats.cleanup();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A process on SQLite in `dir` publishing to this test's stream (or the names given). */
  const start = async (dir: string, names: Record<string, string> = {}) => {
    const server = await spawnServer({
      DATA_DIR: dir,
      JWT_SECRET,
      FAKE_NOW,
      DEMO_DATA: 'false',
      NATS_URL: nats.url,
      NATS_STREAM: nats.stream,
      NATS_SUBJECT_PREFIX: nats.subjectPrefix,
      ...names,
    });
    servers.push(server);
    return server;
  };

  /** Appends to the log in `dir` and resolves the new events' ids. */
  const appendTo = async (dir: string, count: number) => {
    const db = await openDatabase({ dataDir: dir });
    try {
      const store = createEventStore(db);
      const { position } = await seedUsers(store, count);
      const ids = (await store.readAll(position - count, count)).map((e) => e.id);
      await store.close();
      return ids;
    } finally {
      await db.close();
    }
  };

  const logIdOf = async (dir: string) => {
    const db = await openDatabase({ dataDir: dir });
    try {
      return String((await db.knex('settings').where({ key: 'log-id' }).first('value'))?.value);
    } finally {
      await db.close();
    }
  };

  describe('when another database already publishes to it', () => {
    it('refuses a second SQLite process at start, naming the stream and the settings, and the first keeps publishing', async () => {
      const first = dataDir();
      await start(first);
      const before = await appendTo(first, 3);
      await until(async () => (await streamEvents(nats.url, nats.stream)).length === 3, 10_000);

      const refused = start(dataDir());
      await expect(refused).rejects.toThrow(/exited \(code 78/);
      const message = String(await refused.catch((err: Error) => err.message));
      expect(message).toContain(
        `Cannot start: NATS_STREAM: the NATS stream ${nats.stream} belongs to another database`,
      );
      expect(message).toContain('give each database a NATS_STREAM and a NATS_SUBJECT_PREFIX of its own');

      const after = await appendTo(first, 2);
      await until(async () => (await streamEvents(nats.url, nats.stream)).length === 5, 10_000);
      expect((await streamEvents(nats.url, nats.stream)).map((e) => e.id)).toEqual([...before, ...after]);
      const { config } = await jsm.streams.info(nats.stream);
      expect(config.description).toBe(`drinks event log ${await logIdOf(first)}`);
    });

    it("refuses a SQLite process pointed at a PostgreSQL cluster's stream, and accepts the cluster's next process", async () => {
      const cluster = await createCluster(nats);
      try {
        await cluster.start('api');
        const refused = start(dataDir());
        await expect(refused).rejects.toThrow(/belongs to another database/);
        await cluster.start('relay');
        const logId = String((await cluster.db.knex('settings').where({ key: 'log-id' }).first('value'))?.value);
        expect((await jsm.streams.info(nats.stream)).config.description).toBe(`drinks event log ${logId}`);
      } finally {
        await cluster.close();
      }
    });

    it('accepts the same process started again on its data dir', async () => {
      const dir = dataDir();
      const first = await start(dir);
      await first.stop(5_000);
      await start(dir);
      await appendTo(dir, 2);
      await until(async () => (await streamEvents(nats.url, nats.stream)).length === 2, 10_000);
    });

    it('refuses a process of another database on a stream of its own but the same subject prefix', async () => {
      await start(dataDir());
      const other = `${nats.stream}_OTHER`;
      otherStreams.push(other);
      const refused = start(dataDir(), { NATS_STREAM: other });
      await expect(refused).rejects.toThrow(/exited \(code 78/);
      expect(String(await refused.catch((err: Error) => err.message))).toContain(
        `Cannot start: NATS_SUBJECT_PREFIX: the subjects ${nats.subjectPrefix}.> belong to a NATS stream other than ${other}`,
      );
    });
  });

  describe('when the stream has no mark (made by an older version or by hand)', () => {
    it('adopts it, keeping its settings, and refuses another database afterwards', async () => {
      await jsm.streams.add({
        name: nats.stream,
        subjects: [`${nats.subjectPrefix}.>`],
        storage: StorageType.File,
        duplicate_window: nanos(60_000),
        max_age: nanos(3_600_000),
      });
      const dir = dataDir();
      await start(dir);
      const { config } = await jsm.streams.info(nats.stream);
      expect(config.description).toBe(`drinks event log ${await logIdOf(dir)}`);
      expect(config).toMatchObject({ duplicate_window: nanos(60_000), max_age: nanos(3_600_000) });
      await appendTo(dir, 1);
      await until(async () => (await streamEvents(nats.url, nats.stream)).length === 1, 10_000);

      await expect(start(dataDir())).rejects.toThrow(/belongs to another database/);
    });
  });

  describe('when the unmarked stream already holds events', () => {
    it("adopts it when the event it stored last is this database's (its stream before the upgrade)", async () => {
      const dir = dataDir();
      const first = await start(dir);
      await appendTo(dir, 2);
      await until(async () => (await streamEvents(nats.url, nats.stream)).length === 2, 10_000);
      await first.stop(5_000);
      await jsm.streams.update(nats.stream, { description: '' });
      expect((await jsm.streams.info(nats.stream)).config.description).toBeFalsy();

      await start(dir);
      expect((await jsm.streams.info(nats.stream)).config.description).toBe(`drinks event log ${await logIdOf(dir)}`);
    });

    it("refuses it when the event it stored last is not in this database's log", async () => {
      const unmarked = await createNatsBus({ url: nats.url, stream: nats.stream, subjectPrefix: nats.subjectPrefix });
      await unmarked.publish(storedEvents(1, 2));
      await unmarked.close();
      const refused = start(dataDir());
      await expect(refused).rejects.toThrow(/exited \(code 78/);
      expect(String(await refused.catch((err: Error) => err.message))).toContain(
        `Cannot start: NATS_STREAM: the NATS stream ${nats.stream} has no owner mark and the event it stored last is not in this database's log`,
      );
      expect((await jsm.streams.info(nats.stream)).config.description).toBeFalsy();
    });
  });

  describe('when the stream is created again by another database while the bus runs', () => {
    it('publishes nothing into it, and publishes again once the stream is its own', async () => {
      const bus = await createNatsBus({
        url: nats.url,
        stream: nats.stream,
        subjectPrefix: nats.subjectPrefix,
        logId: 'mine',
        publishTimeoutMs: 1000,
      });
      try {
        await bus.publish(storedEvents(1, 2));
        await jsm.streams.delete(nats.stream);
        await jsm.streams.add({
          name: nats.stream,
          subjects: [`${nats.subjectPrefix}.>`],
          storage: StorageType.File,
          description: 'drinks event log theirs',
        });
        await expect(bus.publish(storedEvents(3, 4))).rejects.toThrow(/belongs to another database/);
        await expect(bus.publish(storedEvents(3, 4))).rejects.toThrow(/belongs to another database/);
        expect((await jsm.streams.info(nats.stream)).state.messages).toBe(0);

        await jsm.streams.delete(nats.stream);
        await bus.publish(storedEvents(3, 4));
        expect((await streamEvents(nats.url, nats.stream)).map((e) => e.position)).toEqual([3, 4]);
        expect((await jsm.streams.info(nats.stream)).config.description).toBe('drinks event log mine');
      } finally {
        await bus.close();
      }
    });
  });
});
