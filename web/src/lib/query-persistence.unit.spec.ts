import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { persistQueries } from './query-persistence.js';
import { queryKeys } from './query-keys.js';
import { clearStorage, saveTokens, STORAGE_KEYS } from './storage.js';
import { fakeLocalStorage } from './storage.test-support.js';

describe('persistQueries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', fakeLocalStorage());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps the last answers worth showing offline, half a second after they arrive', () => {
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    const client = new QueryClient();
    const stop = persistQueries(client);
    client.setQueryData(queryKeys.shop, { isBarOpen: false, isCafeOpen: true });
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toBeNull();
    vi.advanceTimersByTime(500);
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.queryCache)!);
    expect(saved.state.queries.map((q: { queryKey: unknown }) => q.queryKey)).toEqual([queryKeys.shop]);
    stop();
  });

  it('leaves storage empty when the person signs out before the save is due', () => {
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    const client = new QueryClient();
    const stop = persistQueries(client);
    client.setQueryData(queryKeys.shop, { isBarOpen: false, isCafeOpen: true });
    // Logout: storage cleared, then the cache.
    clearStorage();
    client.clear();
    vi.advanceTimersByTime(500);
    expect(localStorage.length).toBe(0);
    stop();
  });

  it('keeps nothing of an answer that lands after logout, nor of what a signed-out page asks', () => {
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    const client = new QueryClient();
    const stop = persistQueries(client);
    // Logout: storage cleared, then the cache; the login page then asks for the config.
    clearStorage();
    client.clear();
    client.setQueryData(queryKeys.config, { companyEmailDomain: 'woxa.tech' });
    vi.advanceTimersByTime(500);
    expect(localStorage.length).toBe(0);
    stop();
  });
});
