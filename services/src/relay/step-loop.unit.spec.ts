import { describe, expect, it } from 'vitest';
import { createStepLoop } from './step-loop.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the step loop', () => {
  it('steps again at once while there is more, then waits for an append or the idle pause', async () => {
    let steps = 0;
    const loop = createStepLoop({
      step: async () => ++steps < 3,
      idleMs: () => 60_000,
      backoffMs: { first: 10, max: 10 },
      failed: () => undefined,
    });
    loop.start();
    await sleep(20);
    expect(steps).toBe(3);
    loop.poke();
    await sleep(20);
    expect(steps).toBe(4);
    await loop.stop();
    expect(loop.running()).toBe(false);
  });

  it('backs off after a failure, doubling up to the cap, and an append does not cut the backoff short', async () => {
    const failures: number[] = [];
    let calls = 0;
    const loop = createStepLoop({
      step: async () => {
        calls++;
        throw new Error('bus down');
      },
      idleMs: () => 60_000,
      backoffMs: { first: 40, max: 80 },
      failed: (_err, retryInMs) => void failures.push(retryInMs),
    });
    loop.start();
    await sleep(10);
    loop.poke();
    await sleep(10);
    expect(calls).toBe(1);
    await sleep(180);
    expect(failures.slice(0, 3)).toEqual([40, 80, 80]);
    await loop.stop();
  });

  it('ends when a failure says stop', async () => {
    let calls = 0;
    const loop = createStepLoop({
      step: async () => {
        calls++;
        throw new Error('crash');
      },
      idleMs: () => 10,
      backoffMs: { first: 1, max: 1 },
      failed: () => 'stop',
    });
    loop.start();
    await sleep(20);
    expect({ calls, running: loop.running() }).toEqual({ calls: 1, running: false });
  });
});
