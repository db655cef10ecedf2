import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PROJECTIONS } from '@drinks/projections';
import { afterEach, describe, expect, it } from 'vitest';
import { createNatsBus } from '../bus/nats.js';
import type { Bus, Subscription } from '../bus/types.js';
import { openDatabase } from '../db/database.js';
import { createProjector } from '../projector/projector.js';
import { createRelay, type Relay } from '../relay/relay.js';
import { createEventStore } from '../store/event-store.js';
import { streamEvents, testNats } from '../test-support/nats.js';
import { openShop, writeDay } from './tests/history.js';
import { TZ, dumpReadModels, rebuildCopy, waitUntil } from './tests/support.js';

describe('when the relay dies after NATS acknowledged a batch and before its checkpoint', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  });

  it('puts each event in the stream once after the restart and leaves the projections as they were', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'drinks-relay-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const db = await openDatabase({ dataDir });
    cleanups.push(() => db.close());
    const store = createEventStore(db);
    cleanups.push(() => store.close());
    const nats = await testNats();
    cleanups.push(() => nats.cleanup());
    const busOf = async (): Promise<Bus> => {
      const bus = await createNatsBus({
        url: nats.url,
        stream: nats.stream,
        subjectPrefix: nats.subjectPrefix,
        publishTimeoutMs: 1000,
      });
      cleanups.push(() => bus.close());
      return bus;
    };
    const projector = createProjector({ db, store, projections: ALL_PROJECTIONS, timeZone: TZ });
    await projector.migrate();
    const consumerBus = await busOf();
    const sub: Subscription = await consumerBus.subscribe('projector', (e) => projector.follow(e.position), {
      durable: true,
    });
    cleanups.push(() => sub.close());

    const shop = await openShop(store);
    const head = await writeDay(store, shop, 12);

    let crashes = 0;
    const relayOf = (bus: Bus, crash: boolean): Relay => {
      const relay = createRelay({
        store,
        bus,
        db,
        pollMs: 20,
        batchSize: 25,
        lease: { ttlMs: 500 },
        ...(crash
          ? {
              onPublished: () => {
                crashes++;
                throw new Error('killed between publish and checkpoint');
              },
            }
          : {}),
      });
      cleanups.push(() => relay.stop());
      return relay;
    };
    // First incarnation: publishes one batch, which JetStream acknowledges, then dies.
    const first = relayOf(await busOf(), true);
    await first.start();
    await waitUntil(() => crashes === 1, 10_000, 'relay crashed');
    expect(first.published()).toBe(0);
    // News of the acknowledged batch is enough: the projector reads the events from the log, never from
    // the message, so it applies everything the log holds though the relay died before publishing it.
    await waitUntil(() => projector.position() === head, 10_000, 'projector applied the log on news of the batch');

    // The restart (another holder, once the dead one's lease expired) starts from the old checkpoint.
    const second = relayOf(await busOf(), false);
    await second.start();
    await waitUntil(() => second.published() === head, 15_000, 'restarted relay published the log');
    await waitUntil(() => projector.position() === head, 15_000, 'projections caught up');

    const stream = await streamEvents(nats.url, nats.stream);
    expect(stream.map((e) => e.position)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
    expect(new Set(stream.map((e) => e.id)).size).toBe(head);

    const live = await dumpReadModels(db.knex);
    const rebuilt = await rebuildCopy(dataDir);
    expect(rebuilt.tables).toEqual(live);
  });
});
