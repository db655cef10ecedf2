import type { NewEvent, StoredEvent } from '@drinks/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/in-process.js';
import { createNatsBus } from '../bus/nats.js';
import type { Bus } from '../bus/types.js';
import { createEventStore } from '../store/event-store.js';
import type { EventStore } from '../store/types.js';
import { BACKENDS, testDatabase, type TestDb } from '../test-support/db.js';
import { startNatsServer, streamEvents, testNats, until, type TestNats } from '../test-support/nats.js';
import { createRelay, type Relay } from './relay.js';

describe.each(BACKENDS)('the outbox relay on %s', (backend) => {
  let db: TestDb;
  let store: EventStore;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeEach(async () => {
    db = await testDatabase(backend);
    store = createEventStore(db);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await store.close();
    await db.cleanup();
  });
  const relayOf = (bus: Bus, extra: Partial<Parameters<typeof createRelay>[0]> = {}): Relay => {
    const relay = createRelay({ store, bus, db, pollMs: 50, ...extra });
    cleanups.push(() => relay.stop());
    return relay;
  };
  async function natsBus(url: string, nats: Pick<TestNats, 'stream' | 'subjectPrefix'>): Promise<Bus> {
    const bus = await createNatsBus({
      url,
      stream: nats.stream,
      subjectPrefix: nats.subjectPrefix,
      publishTimeoutMs: 500,
    });
    cleanups.push(() => bus.close());
    return bus;
  }

  describe('with NATS JetStream', () => {
    let nats: TestNats;
    beforeEach(async () => {
      nats = await testNats();
      cleanups.push(() => nats.cleanup());
    });

    it('publishes every event once, in log order, and keeps its checkpoint', async () => {
      await append(store, 1, 30);
      const relay = relayOf(await natsBus(nats.url, nats), { batchSize: 7 });
      await relay.start();
      await append(store, 31, 40);
      await until(() => relay.published() === 40);
      expect(positions(await streamEvents(nats.url, nats.stream))).toEqual(range(1, 40));
      await relay.stop();
      const again = relayOf(await natsBus(nats.url, nats));
      await again.start();
      expect(again.published()).toBe(40);
    });

    it('publishes each event exactly once into the stream when killed between publish and checkpoint', async () => {
      await append(store, 1, 10);
      const bus = await natsBus(nats.url, nats);
      let crashed = false;
      const first = relayOf(bus, {
        onPublished: () => {
          crashed = true;
          throw new Error('killed');
        },
      });
      await first.start();
      await until(() => crashed);
      await first.stop();
      expect(first.published()).toBe(0);
      expect(positions(await streamEvents(nats.url, nats.stream))).toEqual(range(1, 10));

      await append(store, 11, 15);
      const second = relayOf(bus);
      await second.start();
      await until(() => second.published() === 15);
      expect(positions(await streamEvents(nats.url, nats.stream))).toEqual(range(1, 15));
    });
  });

  it('loses nothing while NATS is down and catches up once it is back', async () => {
    const server = await startNatsServer();
    cleanups.push(() => server.stop());
    const names = { stream: `OUTAGE_${backend}`, subjectPrefix: `outage_${backend}` };
    const relay = relayOf(await natsBus(server.url, names), { maxBackoffMs: 300 });
    const consumed = new Set<number>();
    const projector = await natsBus(server.url, names);
    await projector.subscribe('projector', async (e) => void consumed.add(e.position), { durable: true });
    const live = new Set<number>();
    await projector.subscribe('live', async (e) => void live.add(e.position), { durable: false });
    await relay.start();
    await append(store, 1, 20);
    await until(() => relay.published() === 20);

    await server.kill();
    const started = Date.now();
    await append(store, 21, 60);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await store.head()).toBe(60);
    await new Promise((r) => setTimeout(r, 700));
    expect(relay.published()).toBe(20);

    await server.restart();
    await until(() => relay.published() === 60, 15_000);
    expect(positions(await streamEvents(server.url, names.stream))).toEqual(range(1, 60));
    await until(() => consumed.size === 60, 15_000);
    await until(() => range(21, 60).every((p) => live.has(p)), 15_000);
  });

  it('retries a batch the bus refused, skipping and repeating nothing', async () => {
    const received: number[] = [];
    const inner = createInProcessBus();
    await inner.subscribe('collector', async (e) => void received.push(e.position), { durable: true });
    let refusals = 2;
    const flaky: Bus = {
      publish: async (events) => {
        if (refusals-- > 0) throw new Error('bus down');
        await inner.publish(events);
      },
      subscribe: inner.subscribe,
      close: inner.close,
    };
    await append(store, 1, 5);
    const relay = relayOf(flaky);
    await relay.start();
    await until(() => received.length === 5);
    expect(received).toEqual(range(1, 5));
  });

  it('lets only the lease holder publish, and a standby takes over when the lease expires', async () => {
    const received: number[] = [];
    const bus = createInProcessBus();
    await bus.subscribe('collector', async (e) => void received.push(e.position), { durable: true });
    await db.knex('leases').insert({ name: 'relay', holder: 'ghost', expires_at: Date.now() + 800 });
    await append(store, 1, 5);
    // The standby runs as another process would: its own connections, no append notifications.
    const otherDb = await db.openAnother();
    const otherStore = createEventStore(otherDb);
    cleanups.push(() => otherDb.close());
    cleanups.push(() => otherStore.close());
    const a = relayOf(bus, { lease: { holder: 'a', ttlMs: 600 } });
    const b = createRelay({ store: otherStore, bus, db: otherDb, pollMs: 50, lease: { holder: 'b', ttlMs: 600 } });
    cleanups.push(() => b.stop());
    await a.start();
    await b.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toEqual([]);
    await until(() => received.length === 5);
    expect([a.active(), b.active()].filter(Boolean)).toHaveLength(1);
    const [leader, standby] = a.active() ? [a, b] : [b, a];
    await leader.stop();
    await append(store, 6, 8);
    await until(() => received.length === 8);
    expect(standby.active()).toBe(true);
    expect(received).toEqual(range(1, 8));
  });

  it('gives up the lease when it cannot publish, so a standby that can takes over', async () => {
    const received: number[] = [];
    const good = createInProcessBus();
    await good.subscribe('collector', async (e) => void received.push(e.position), { durable: true });
    // A relay started with a broker it cannot reach (a wrong NATS_URL): every publish fails.
    const unreachable: Bus = {
      publish: async () => {
        throw new Error('NATS is not connected');
      },
      subscribe: good.subscribe,
      close: async () => undefined,
    };
    await append(store, 1, 5);
    const otherDb = await db.openAnother();
    const otherStore = createEventStore(otherDb);
    cleanups.push(() => otherDb.close());
    cleanups.push(() => otherStore.close());
    const broken = relayOf(unreachable, {
      lease: { holder: 'broken', ttlMs: 600 },
      maxBackoffMs: 200,
      handOverAfter: 3,
    });
    await broken.start();
    await until(() => broken.active());
    const standby = createRelay({
      store: otherStore,
      bus: good,
      db: otherDb,
      pollMs: 50,
      lease: { holder: 'standby', ttlMs: 600 },
    });
    cleanups.push(() => standby.stop());
    await standby.start();
    await until(() => received.length === 5, 10_000);
    expect(received).toEqual(range(1, 5));
    expect(standby.active()).toBe(true);
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
