import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../../../lib/query-client.js';
import { ordersQuery, prefetchBoard } from './get-orders.js';

describe('prefetchBoard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fills the cache under the keys the board reads, for every day still queued', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify([{ id: url }]), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const client = makeQueryClient();
    await prefetchBoard(client);

    const cached = (status: 'ordered' | 'in-progress') => client.getQueryData(ordersQuery(status).queryKey);
    expect(cached('ordered')).toEqual([{ id: expect.stringMatching(/\/order\?status=ordered$/) }]);
    expect(cached('in-progress')).toEqual([{ id: expect.stringMatching(/\/order\?status=in-progress$/) }]);
    expect(asked).toHaveLength(2);
  });
});
