import type { OrderStatus } from '@drinks/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DateRange } from '../../../components/staff-date-ranges.js';
import { categoriesQuery } from '../../../lib/api/get-categories.js';
import { stubApi } from '../../../lib/api-stub.test-support.js';
import { makeQueryClient } from '../../../lib/query-client.js';
import { counterRange, ordersQuery, prefetchBoard } from './get-orders.js';

describe('prefetchBoard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fills the cache under the keys the board reads: both queues of any day, the counter from yesterday, the catalog', async () => {
    const asked = stubApi((url) => [{ id: url }]);
    const client = makeQueryClient();
    await prefetchBoard(client);

    const cached = (status: OrderStatus, range?: DateRange) => client.getQueryData(ordersQuery(status, range).queryKey);
    expect(cached('ordered')).toEqual([{ id: expect.stringMatching(/\/order\?status=ordered$/) }]);
    expect(cached('in-progress')).toEqual([{ id: expect.stringMatching(/\/order\?status=in-progress$/) }]);
    // The server's clock reads 27 November in Bangkok.
    const counter = { startDate: '2026-11-26', endDate: '2026-11-28' };
    expect(counterRange('2026-11-27')).toEqual(counter);
    expect(cached('done', counter)).toEqual([
      { id: expect.stringMatching(/status=done&startDate=2026-11-26&endDate=2026-11-28$/) },
    ]);
    expect(cached('rejected', counter)).toEqual([
      { id: expect.stringMatching(/status=rejected&startDate=2026-11-26/) },
    ]);
    expect(client.getQueryData(categoriesQuery.queryKey)).toEqual([{ id: expect.stringMatching(/\/category$/) }]);
    expect(asked).toHaveLength(6);
  });
});
