import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, nanos, StorageType, type JetStreamManager, type NatsConnection } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { createEventStore } from '../store/event-store.js';
import { streamEvents, testNats, type TestNats } from '../test-support/nats.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import {
  FAKE_NOW,
  JWT_SECRET,
  call,
  dumpReadModels,
  placedCounts,
  readLog,
  rebuildCopy,
  statsOf,
  waitUntil,
} from './tests/support.js';
import { customersOf, sleep, startTraffic } from './tests/traffic.js';

describe('when the JetStream stream is purged, then deleted and created again, while commands flow', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinks-stream-loss-'));
  let nats: TestNats | undefined;
  let nc: NatsConnection | undefined;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
    await nc?.close();
    await nats?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('republishes what the stream lost exactly once and the projections converge to a rebuild', async () => {
    nats = await testNats();
    const { stream, subjectPrefix } = nats;
    server = await startTestServer({
      DATA_DIR: dataDir,
      JWT_SECRET,
      FAKE_NOW,
      NATS_URL: nats.url,
      NATS_STREAM: stream,
      NATS_SUBJECT_PREFIX: subjectPrefix,
    });
    nc = await connect({ servers: nats.url });
    const jsm = await nc.jetstreamManager();
    const url = server.url;
    const customers = await customersOf(url, dataDir, 300);
    const traffic = startTraffic(url, customers, 2);

    await sleep(1500);
    const beforePurge = (await jsm.streams.info(stream)).state.messages;
    await jsm.streams.purge(stream);
    await sleep(2000);
    await jsm.streams.delete(stream);
    // Created again as an operator would; the bus may already have done so on its next publish.
    await jsm.streams
      .add({
        name: stream,
        subjects: [`${subjectPrefix}.>`],
        storage: StorageType.File,
        duplicate_window: nanos(120_000),
      })
      .catch(async (err) => await jsm.streams.info(stream).catch(() => Promise.reject(err)));
    await sleep(2000);
    await traffic.stop();

    expect(beforePurge).toBeGreaterThan(300);
    expect(traffic.failures).toEqual([]);
    expect(traffic.placed.length).toBeGreaterThan(20);

    const db = await openDatabase({ dataDir });
    try {
      const store = createEventStore(db);
      const log = await readLog(store);
      // The relay notices the loss on its own (every few seconds) and refills the stream.
      await waitUntil(
        async () => (await jsm.streams.info(stream)).state.messages >= log.length,
        20_000,
        'stream refilled',
      );
      const inStream = (await streamEvents(nats.url, stream)).map((e) => e.position);
      expect(inStream.length).toBe(new Set(inStream).size);
      expect([...inStream].sort((a, b) => a - b)).toEqual(log.map((e) => e.position));
      // The projector's durable consumer came back on the new stream and has taken everything.
      await waitUntil(() => consumerDone(jsm, stream, 'projector'), 10_000, 'projector consumer caught up');

      const placed = placedCounts(log);
      for (const id of traffic.placed) expect(placed.get(id)).toBe(1);
      await waitUntil(async () => (await call(url, 'GET', '/readyz')).status === 200, 10_000, 'projections caught up');
      const total = (await call(url, 'GET', '/order/count/total', customers.barista)).body.totalOrder;
      expect(total).toBe(placed.size);

      await server.close();
      server = undefined;
      const live = await dumpReadModels(db.knex);
      const liveStats = await statsOf(db.knex);
      const rebuilt = await rebuildCopy(dataDir);
      expect(rebuilt.tables).toEqual(live);
      expect(rebuilt.stats).toEqual(liveStats);
    } finally {
      await db.close();
    }
  }, 60_000);
});

async function consumerDone(jsm: JetStreamManager, stream: string, name: string): Promise<boolean> {
  const [info, consumer] = await Promise.all([
    jsm.streams.info(stream),
    jsm.consumers.info(stream, name).catch(() => null),
  ]);
  return (
    !!consumer &&
    consumer.num_pending === 0 &&
    consumer.num_ack_pending === 0 &&
    consumer.delivered.stream_seq === info.state.last_seq
  );
}
