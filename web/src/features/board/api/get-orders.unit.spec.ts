import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../../../lib/query-client.js';
import { todayRange } from '../../../components/staff-date-ranges.js';
import { ordersQuery, prefetchBoard } from './get-orders.js';

describe('prefetchBoard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("fills the cache under the keys the board reads, for the server's business day", async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      // 20:00 UTC is already 03:00 the next day in Bangkok.
      const body = url.includes('/config')
        ? {
            companyEmailDomain: 'woxa.tech',
            businessTimeZone: 'Asia/Bangkok',
            officeCheck: false,
            now: '2025-06-10T20:00:00.000Z',
          }
        : [{ id: url }];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const client = makeQueryClient();
    await prefetchBoard(client);

    const range = todayRange(new Date('2025-06-10T20:00:00.000Z'), 'Asia/Bangkok');
    expect(range).toEqual({ startDate: '2025-06-11', endDate: '2025-06-12' });
    const cached = (status: 'ordered' | 'in-progress') => client.getQueryData(ordersQuery(status, range).queryKey);
    expect(cached('ordered')).toEqual([
      { id: expect.stringMatching(/\/order\?status=ordered&startDate=2025-06-11&endDate=2025-06-12$/) },
    ]);
    expect(cached('in-progress')).toEqual([
      { id: expect.stringMatching(/status=in-progress&startDate=2025-06-11&endDate=2025-06-12$/) },
    ]);
    expect(asked).toHaveLength(3);
  });
});
