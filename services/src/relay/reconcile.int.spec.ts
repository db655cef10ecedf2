import type { NewEvent, StoredEvent } from '@drinks/contracts';
import { connect, type NatsConnection } from 'nats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNatsBus } from '../bus/nats.js';
import type { Bus } from '../bus/types.js';
import { createEventStore } from '../store/event-store.js';
import type { EventStore } from '../store/types.js';
import { BACKENDS, testDatabase, type TestDb } from '../test-support/db.js';
import { streamEvents, testNats, until, type TestNats } from '../test-support/nats.js';
import { createRelay, type Relay } from './relay.js';

describe.each(BACKENDS)('the relay reconciling a stream that lost events, on %s', (backend) => {
  let db: TestDb;
  let store: EventStore;
  let nats: TestNats;
  let nc: NatsConnection;
  let bus: Bus;
  let relay: Relay;
  beforeEach(async () => {
    db = await testDatabase(backend);
    store = createEventStore(db);
    nats = await testNats();
    nc = await connect({ servers: nats.url });
    bus = await createNatsBus({
      url: nats.url,
      stream: nats.stream,
      subjectPrefix: nats.subjectPrefix,
      publishTimeoutMs: 1000,
    });
    // A long period: the test calls reconcile() itself.
    relay = createRelay({ store, bus, db, pollMs: 20, reconcileMs: 60_000 });
  });
  afterEach(async () => {
    await relay.stop();
    await bus.close();
    await nc.close();
    await nats.cleanup();
    await store.close();
    await db.cleanup();
  });

  const stored = async () => positions(await streamEvents(nats.url, nats.stream)).sort((a, b) => a - b);

  it('republishes nothing while the stream holds every event', async () => {
    await append(store, 1, 10);
    await relay.start();
    await until(() => relay.published() === 10);
    expect(await relay.reconcile()).toBe(0);
    expect(await stored()).toEqual(range(1, 10));
  });

  it('republishes everything after a purge, though the duplicate window still knows the ids', async () => {
    await append(store, 1, 10);
    await relay.start();
    await until(() => relay.published() === 10);
    await (await nc.jetstreamManager()).streams.purge(nats.stream);
    expect(await relay.reconcile()).toBe(10);
    expect(await relay.reconcile()).toBe(0);
    expect(await stored()).toEqual(range(1, 10));
  });

  it('republishes only what a purge took when newer events were published since', async () => {
    await append(store, 1, 10);
    await relay.start();
    await until(() => relay.published() === 10);
    await (await nc.jetstreamManager()).streams.purge(nats.stream);
    await append(store, 11, 15);
    await until(() => relay.published() === 15);
    expect(await relay.reconcile()).toBe(10);
    const events = await streamEvents(nats.url, nats.stream);
    expect(positions(events)).toEqual([...range(11, 15), ...range(1, 10)]);
  });

  it('creates a deleted stream again on publish and refills it from the log', async () => {
    await append(store, 1, 8);
    await relay.start();
    await until(() => relay.published() === 8);
    await (await nc.jetstreamManager()).streams.delete(nats.stream);
    await append(store, 9, 12);
    await until(() => relay.published() === 12, 10_000);
    expect(await relay.reconcile()).toBe(8);
    expect(await stored()).toEqual(range(1, 12));
  });

  it('notices the loss by itself, every reconcileMs', async () => {
    const quick = createRelay({ store, bus, db, pollMs: 20, reconcileMs: 200, name: 'quick' });
    try {
      await append(store, 1, 6);
      await quick.start();
      await until(() => quick.published() === 6);
      await (await nc.jetstreamManager()).streams.purge(nats.stream);
      await until(async () => (await stored()).length === 6, 5000);
      expect(await stored()).toEqual(range(1, 6));
    } finally {
      await quick.stop();
    }
  });
});

async function append(store: EventStore, from: number, to: number): Promise<void> {
  for (let i = from; i <= to; i++) {
    const event: NewEvent = {
      type: 'ShopStatusChanged',
      data: { isCafeOpen: i % 2 === 0, isBarOpen: true },
      tags: ['shop'],
    };
    await store.append([event]);
  }
}
const positions = (events: StoredEvent[]) => events.map((e) => e.position);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
