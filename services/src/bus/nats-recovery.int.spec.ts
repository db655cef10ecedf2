import { connect } from 'nats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedEvents, testNats, until, type TestNats } from '../test-support/nats.js';
import { createNatsBus } from './nats.js';
import type { Bus } from './types.js';

describe('the NATS bus when its stream disappears', () => {
  let nats: TestNats;
  let bus: Bus;
  beforeEach(async () => {
    nats = await testNats();
    bus = await createNatsBus({
      url: nats.url,
      stream: nats.stream,
      subjectPrefix: nats.subjectPrefix,
      publishTimeoutMs: 1000,
    });
  });
  afterEach(async () => {
    await bus.close();
    await nats.cleanup();
  });

  it('creates the stream again on publish, and durable and live subscribers follow the new one', async () => {
    const durable: number[] = [];
    const live: number[] = [];
    await bus.subscribe('projector', async (e) => void durable.push(e.position), { durable: true });
    await bus.subscribe('live', async (e) => void live.push(e.position), { durable: false });
    await bus.publish(storedEvents(1, 5));
    await until(() => durable.length === 5 && live.length === 5);

    const nc = await connect({ servers: nats.url });
    await (await nc.jetstreamManager()).streams.delete(nats.stream);
    await nc.close();
    await bus.publish(storedEvents(6, 10));
    // The server usually tells the consumers at once; else two missed heartbeats (10 s) do.
    await until(() => durable.length === 10 && live.length === 10, 30_000);
    expect(durable).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(live).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('reports what the stream holds and lists its positions', async () => {
    expect(await bus.head!()).toMatchObject({ messages: 0, lastPosition: 0 });
    await bus.publish(storedEvents(1, 4));
    const head = await bus.head!();
    expect(head).toMatchObject({ messages: 4, lastPosition: 4 });
    expect([...(await bus.positions!())]).toEqual([1, 2, 3, 4]);
    await bus.publish(storedEvents(5, 5));
    expect((await bus.head!())?.epoch).not.toBe(head?.epoch);
  });
});
