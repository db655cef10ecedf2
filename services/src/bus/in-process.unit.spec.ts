import { describe, expect, it } from 'vitest';
import { storedEvents as events, until } from '../test-support/nats.js';
import { createInProcessBus } from './in-process.js';

describe('the in-process bus', () => {
  it('delivers every event in order to each subscriber', async () => {
    const bus = createInProcessBus();
    const a: number[] = [];
    const b: number[] = [];
    await bus.subscribe('a', async (e) => void a.push(e.position), { durable: true });
    await bus.subscribe('b', async (e) => void b.push(e.position), { durable: false });
    await bus.publish(events(1, 3));
    await bus.publish(events(4, 6));
    await until(() => a.length === 6 && b.length === 6);
    expect(a).toEqual([1, 2, 3, 4, 5, 6]);
    expect(b).toEqual([1, 2, 3, 4, 5, 6]);
    await bus.close();
  });

  it('takes any number of events at once, as a relay catching up on a long log publishes them', async () => {
    const bus = createInProcessBus();
    const seen: number[] = [];
    await bus.subscribe('a', async (e) => void seen.push(e.position), { durable: true });
    await bus.publish(events(1, 200_000));
    await until(() => seen.length === 200_000);
    expect(seen.every((position, i) => position === i + 1)).toBe(true);
    await bus.close();
  });

  it('does not let a slow subscriber block publish or the others', async () => {
    const bus = createInProcessBus();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow: number[] = [];
    const fast: number[] = [];
    await bus.subscribe('slow', async (e) => (await gate, void slow.push(e.position)), { durable: true });
    await bus.subscribe('fast', async (e) => void fast.push(e.position), { durable: true });
    await bus.publish(events(1, 3));
    await until(() => fast.length === 3);
    expect(slow).toEqual([]);
    release();
    await until(() => slow.length === 3);
    expect(slow).toEqual([1, 2, 3]);
    await bus.close();
  });

  it('retries a throwing handler, then skips the event and goes on', async () => {
    const bus = createInProcessBus({ attempts: 3, retryDelayMs: 1 });
    const calls: number[] = [];
    await bus.subscribe(
      'flaky',
      async (e) => {
        calls.push(e.position);
        if (e.position === 2 && calls.filter((p) => p === 2).length === 1) throw new Error('once');
        if (e.position === 3) throw new Error('always');
      },
      { durable: true },
    );
    await bus.publish(events(1, 4));
    await until(() => calls.includes(4));
    expect(calls).toEqual([1, 2, 2, 3, 3, 3, 4]);
    await bus.close();
  });

  it('gives a late subscriber only what is published after it joined', async () => {
    const bus = createInProcessBus();
    await bus.publish(events(1, 2));
    const seen: number[] = [];
    await bus.subscribe('late', async (e) => void seen.push(e.position), { durable: true });
    await bus.publish(events(3, 3));
    await until(() => seen.length === 1);
    expect(seen).toEqual([3]);
    await bus.close();
  });
});
