import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { AckPolicy, DeliverPolicy, StorageType, connect, nanos } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { createEventStore } from '../store/event-store.js';
import { startNatsServer, type NatsServerProcess } from '../test-support/nats.js';
import { spawnServer, type SpawnedServer } from '../test-support/process.js';
import {
  FAKE_NOW,
  JWT_SECRET,
  call,
  dumpReadModels,
  placedCounts,
  readLog,
  rebuildCopy,
  waitUntil,
} from './tests/support.js';
import { customersOf, sleep, startTraffic } from './tests/traffic.js';

const ACK_WAIT_MS = 2000;

describe('when NATS dies and later freezes while commands flow', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinks-nats-down-'));
  let nats: NatsServerProcess | undefined;
  let server: SpawnedServer | undefined;
  afterAll(async () => {
    if (nats && nats.pid > 0) process.kill(nats.pid, 'SIGCONT');
    await server?.stop(3000);
    await nats?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps answering commands and the projections converge to a rebuild with nothing doubled', async () => {
    nats = await startNatsServer();
    const suffix = randomUUID().replaceAll('-', '').slice(0, 10);
    const stream = `OUTAGE_${suffix}`;
    const prefix = `outage_${suffix}`;
    // The durable consumer exists before the server starts, with an ack wait short enough to pass.
    const nc = await connect({ servers: nats.url });
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({
      name: stream,
      subjects: [`${prefix}.>`],
      storage: StorageType.File,
      duplicate_window: nanos(120_000),
    });
    await jsm.consumers.add(stream, {
      durable_name: 'projector',
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${prefix}.>`,
      ack_wait: nanos(ACK_WAIT_MS),
      max_ack_pending: 1000,
    });
    await nc.close();

    server = await spawnServer({
      DATA_DIR: dataDir,
      JWT_SECRET,
      FAKE_NOW,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'silent',
      NATS_URL: nats.url,
      NATS_STREAM: stream,
      NATS_SUBJECT_PREFIX: prefix,
    });
    const url = server.url;
    const customers = await customersOf(url, dataDir, 150);
    const traffic = startTraffic(url, customers, 3);
    await sleep(1000);
    await nats.kill();
    await sleep(3000);
    await nats.restart();
    await sleep(1500);
    process.kill(nats.pid, 'SIGSTOP');
    await sleep(ACK_WAIT_MS + 2000);
    process.kill(nats.pid, 'SIGCONT');
    await sleep(1500);
    await traffic.stop();

    expect(traffic.failures).toEqual([]);
    expect(traffic.placed.length).toBeGreaterThan(20);

    await waitUntil(async () => (await call(url, 'GET', '/readyz')).status === 200, 30_000, 'projections caught up');
    const db = await openDatabase({ dataDir });
    try {
      const log = await readLog(createEventStore(db));
      const placed = placedCounts(log);
      for (const id of traffic.placed) expect(placed.get(id)).toBe(1);
      const total = (await call(url, 'GET', '/order/count/total', customers.barista)).body.totalOrder;
      expect(total).toBe(placed.size);
      await server.stop();
      const live = await dumpReadModels(db.knex);
      expect((await rebuildCopy(dataDir)).tables).toEqual(live);
    } finally {
      await db.close();
    }
  }, 120_000);
});
