import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadUntilIn } from './lazy-component.js';

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
    let calls = 0;
    const loaded = loadUntilIn(async () => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch dynamically imported module');
      return 'the live connection';
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    expect(probes).toEqual(['/api/healthz']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toBe(3);
    await expect(loaded).resolves.toBe('the live connection');
    expect(probes).toHaveLength(2);
  });

  it('given a phone without a network, when the code cannot be fetched, then it tries again without asking the server', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    let calls = 0;
    const loaded = loadUntilIn(async () => {
      calls += 1;
      if (calls < 2) throw new TypeError('Failed to fetch dynamically imported module');
      return 'in';
    });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(loaded).resolves.toBe('in');
    expect(probes).toEqual([]);
  });
});
