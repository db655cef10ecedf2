import { afterEach, describe, expect, it, vi } from 'vitest';
import { estimateQuery } from '../features/insights/api/get-estimate.js';
import { myOrdersQuery } from '../lib/api/get-my-orders.js';
import { makeQueryClient } from '../lib/query-client.js';
import { categoriesQuery } from '../lib/api/get-categories.js';
import { orderCountQuery } from '../lib/api/get-order-count.js';
import { stubApi } from '../lib/api-stub.test-support.js';
import { fakeLocalStorage } from '../lib/storage.test-support.js';
import { STORAGE_KEYS } from '../lib/storage.js';
import { prefetchMenu, prefetchMyOrders, startQueries } from './providers.js';

describe('prefetchMyOrders', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fills the cache under the keys the status page reads: today in the business zone, then each waiting order’s estimate', async () => {
    const waiting = { id: 'o-1', status: 'ordered', queue_at: 2 };
    const done = { id: 'o-2', status: 'done', queue_at: null };
    const asked = stubApi((url) =>
      url.includes('/estimate') ? { estimate: { minMinutes: 3, maxMinutes: 6 } } : [waiting, done],
    );
    const client = makeQueryClient();
    await prefetchMyOrders(client);

    // 20:30 UTC is 03:30 the next day in Bangkok, by the server's clock.
    expect(client.getQueryData(myOrdersQuery('2026-11-27').queryKey)).toEqual([waiting, done]);
    expect(client.getQueryData(estimateQuery(waiting as never).queryKey)).toEqual({
      estimate: { minMinutes: 3, maxMinutes: 6 },
    });
    expect(asked.filter((u) => u.includes('/estimate'))).toEqual([expect.stringMatching(/\/order\/o-1\/estimate$/)]);
  });
});

describe('prefetchMenu', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fills the cache under the keys a menu screen reads: categories, today’s count, today’s orders', async () => {
    const categories = [{ id: 'c-1', name: 'Coffee', categoryFor: 'cafe', isAvailable: 'available', menu: [] }];
    stubApi((url) =>
      url.endsWith('/category')
        ? categories
        : url.endsWith('/order/count/user')
          ? { totalOrder: 1 }
          : [{ id: 'o-1', status: 'ordered' }],
    );
    const client = makeQueryClient();
    await prefetchMenu(client);

    expect(client.getQueryData(categoriesQuery.queryKey)).toEqual(categories);
    expect(client.getQueryData(orderCountQuery('2026-11-27').queryKey)).toEqual({ totalOrder: 1 });
    expect(client.getQueryData(myOrdersQuery('2026-11-27').queryKey)).toEqual([{ id: 'o-1', status: 'ordered' }]);
  });
});

describe('startQueries', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Opens the app signed in at `pathname` with an API that never answers: has the first render waited? */
  async function opening(pathname: string, onLine: boolean): Promise<'opened' | 'waiting'> {
    const storage = fakeLocalStorage();
    storage.setItem(STORAGE_KEYS.accessToken, 'a.b.c');
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('location', { pathname });
    vi.stubGlobal('navigator', { onLine });
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const { openingData } = startQueries();
    return Promise.race([
      openingData.then(() => 'opened' as const),
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 200)),
    ]);
  }

  it('holds the first render of a screen that opens with its data until the data is in', async () => {
    expect(await opening('/menuCafe', true)).toBe('waiting');
    expect(await opening('/ordering', true)).toBe('waiting');
    expect(await opening('/history', true)).toBe('opened');
  });

  it('opens at once offline, on what was last known', async () => {
    expect(await opening('/menuCafe', false)).toBe('opened');
    expect(await opening('/statusOrder', false)).toBe('opened');
  });
});
