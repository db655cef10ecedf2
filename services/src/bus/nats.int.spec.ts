import type { StoredEvent } from '@drinks/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedEvents, streamEvents, testNats, until, type TestNats } from '../test-support/nats.js';
import { createNatsBus } from './nats.js';
import type { Bus } from './types.js';

describe('the NATS JetStream bus', () => {
  let nats: TestNats;
  let bus: Bus;
  beforeEach(async () => {
    nats = await testNats();
    bus = await createNatsBus({ url: nats.url, stream: nats.stream, subjectPrefix: nats.subjectPrefix });
  });
  afterEach(async () => {
    await bus.close();
    await nats.cleanup();
  });

  it('stores an event published twice only once', async () => {
    await bus.publish(storedEvents(1, 3));
    await bus.publish(storedEvents(2, 4));
    const stored = await streamEvents(nats.url, nats.stream);
    expect(stored.map((e) => e.position)).toEqual([1, 2, 3, 4]);
    expect(stored[0]).toEqual(storedEvents(1, 1)[0]);
  });

  it('publishes each event on the subject named by its type', async () => {
    const seen: StoredEvent[] = [];
    await bus.subscribe('live', async (e) => void seen.push(e), { durable: false });
    await bus.publish(storedEvents(1, 1));
    await until(() => seen.length === 1);
    expect(seen[0]?.type).toBe('ShopStatusChanged');
  });

  it('gives a durable consumer every event in order, and a failed one again', async () => {
    await bus.publish(storedEvents(1, 5));
    const handled: number[] = [];
    let failed = false;
    const sub = await bus.subscribe(
      'projector',
      async (e) => {
        if (e.position === 3 && !failed) {
          failed = true;
          throw new Error('transient');
        }
        handled.push(e.position);
      },
      { durable: true },
    );
    await bus.publish(storedEvents(6, 8));
    await until(() => handled.length === 8);
    expect(failed).toBe(true);
    expect(handled).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await sub.close();
  });

  it('resumes a durable consumer after its acked events', async () => {
    const first: number[] = [];
    const sub1 = await bus.subscribe('resume', async (e) => void first.push(e.position), { durable: true });
    await bus.publish(storedEvents(1, 3));
    await until(() => first.length === 3);
    await sub1.close();
    await bus.publish(storedEvents(4, 5));
    const second: number[] = [];
    const sub2 = await bus.subscribe('resume', async (e) => void second.push(e.position), { durable: true });
    await until(() => second.length === 2);
    expect(second).toEqual([4, 5]);
    await sub2.close();
  });

  it('redelivers a message its handler keeps failing after the newer ones (nak)', async () => {
    const nakBus = await createNatsBus({
      url: nats.url,
      stream: nats.stream,
      subjectPrefix: nats.subjectPrefix,
      handlerAttempts: 1,
      nakDelayMs: 200,
    });
    const handled: number[] = [];
    let failures = 0;
    await nakBus.subscribe(
      'nak',
      async (e) => {
        if (e.position === 2 && failures++ === 0) throw new Error('transient');
        handled.push(e.position);
      },
      { durable: true },
    );
    await nakBus.publish(storedEvents(1, 3));
    await until(() => handled.length === 3);
    expect(handled).toEqual([1, 3, 2]);
    await nakBus.close();
  });

  it('starts an ephemeral subscriber at new events', async () => {
    await bus.publish(storedEvents(1, 2));
    const seen: number[] = [];
    await bus.subscribe('live', async (e) => void seen.push(e.position), { durable: false });
    await bus.publish(storedEvents(3, 4));
    await until(() => seen.length === 2);
    expect(seen).toEqual([3, 4]);
  });
});
