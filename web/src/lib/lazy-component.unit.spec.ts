import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadUntilIn } from './lazy-component.js';

/** A dynamic import that fails `failures` times (no answer) and then gives `value`, with its count of tries. */
function failsThen<T>(failures: number, value: T) {
  const tries = { count: 0 };
  const load = async () => {
    tries.count += 1;
    if (tries.count <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return value;
  };
  return { load, tries };
}

describe('loadUntilIn: code the page needs but shows nothing of', () => {
  const probes: string[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    probes.length = 0;
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('fetch', (url: string) => {
      probes.push(url);
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('given a server that does not answer, when the code cannot be fetched, then it asks whether the server is there and tries again until the code is in', async () => {
    const { load, tries } = failsThen(2, 'the live connection');
    const loaded = loadUntilIn(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(tries.count).toBe(1);
    expect(probes).toEqual(['/api/healthz']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(tries.count).toBe(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(tries.count).toBe(3);
    await expect(loaded).resolves.toBe('the live connection');
    expect(probes).toHaveLength(2);
  });

  it('given a phone without a network, when the code cannot be fetched, then it tries again without asking the server', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const loaded = loadUntilIn(failsThen(1, 'in').load);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(loaded).resolves.toBe('in');
    expect(probes).toEqual([]);
  });
});
