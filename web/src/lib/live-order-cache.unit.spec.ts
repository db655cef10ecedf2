import type { Order } from '@drinks/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyOrderMessage } from './live-order-cache.js';
import { queryKeys } from './query-keys.js';

const order = (id: string, status: Order['status'], userId = 'u1'): Order => ({
  id,
  status,
  orderDate: '2026-11-26T02:00:00.000Z',
  updatedAt: '2026-11-26T02:00:00.000Z',
  type: 'hot',
  sweetness: 50,
  remark: '',
  reject_note: null,
  tumblerImage: null,
  user: { id: userId, name: 'Ann' },
  menu: { id: 'm1', name: 'Latte', category: { id: 'c1', name: 'Coffee', categoryFor: 'cafe' } },
  queue_at: status === 'ordered' || status === 'in-progress' ? 1 : null,
});

const DAY = queryKeys.orders.mine('2026-11-26');
const clients: QueryClient[] = [];
afterEach(() => clients.splice(0).forEach((c) => c.clear()));

/** A cache as a screen holds it: the day's list and the count, each watched (so an invalidation refetches). */
function screen(list: Order[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  clients.push(client);
  const fetches = { list: vi.fn(async () => list), count: vi.fn(async () => ({ count: list.length })) };
  client.setQueryData(DAY, list);
  client.setQueryData(queryKeys.orders.count('2026-11-26'), { count: list.length });
  new QueryObserver(client, { queryKey: DAY, queryFn: fetches.list }).subscribe(() => undefined);
  new QueryObserver(client, { queryKey: queryKeys.orders.count('2026-11-26'), queryFn: fetches.count }).subscribe(
    () => undefined,
  );
  return { client, fetches };
}

describe('when an order message reaches the owner', () => {
  it('a day list holding the order takes it as sent, without refetching; the count is refetched', async () => {
    const { client, fetches } = screen([order('o1', 'ordered'), order('o2', 'done')]);

    await applyOrderMessage(client, order('o1', 'in-progress'), 'u1');

    expect(client.getQueryData<Order[]>(DAY)?.map((o) => [o.id, o.status])).toEqual([
      ['o1', 'in-progress'],
      ['o2', 'done'],
    ]);
    await vi.waitFor(() => expect(fetches.count).toHaveBeenCalledTimes(1));
    expect(fetches.list).not.toHaveBeenCalled();
  });

  it('a list fetch already on its way is cancelled: it may have been read before the event', async () => {
    const { client } = screen([order('o1', 'ordered')]);
    let answer: (list: Order[]) => void = () => undefined;
    const late = client.fetchQuery({
      queryKey: DAY,
      queryFn: () => new Promise<Order[]>((resolve) => (answer = resolve)),
      staleTime: 0,
    });

    await applyOrderMessage(client, order('o1', 'done'), 'u1');
    answer([order('o1', 'ordered')]);
    await late.catch(() => undefined);

    expect(client.getQueryData<Order[]>(DAY)?.[0]?.status).toBe('done');
  });

  it('a list without the order (placed on another device) is refetched', async () => {
    const { client, fetches } = screen([order('o1', 'ordered')]);

    await applyOrderMessage(client, order('o3', 'ordered'), 'u1');

    await vi.waitFor(() => expect(fetches.list).toHaveBeenCalledTimes(1));
  });
});

describe("when staff receive someone else's order", () => {
  it('their own day list is left alone and the rest is refetched as before', async () => {
    const { client, fetches } = screen([order('o1', 'ordered', 'staff')]);

    await applyOrderMessage(client, order('o9', 'in-progress', 'u9'), 'staff');

    expect(client.getQueryData<Order[]>(DAY)?.[0]?.status).toBe('ordered');
    await vi.waitFor(() => expect(fetches.count).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(fetches.list).toHaveBeenCalledTimes(1));
  });
});

describe('when staff receive a message about a ticket that stays in its queue', () => {
  it('the board keeps the ticket in its place, taking what changed (a new name)', async () => {
    const client = new QueryClient();
    clients.push(client);
    const queue = [order('o1', 'ordered', 'u1'), order('o2', 'ordered', 'u2'), order('o3', 'ordered', 'u3')];
    client.setQueryData(queryKeys.orders.board('ordered'), queue);
    const renamed = { ...order('o1', 'ordered', 'u1'), user: { id: 'u1', name: 'Ann Renamed' } };

    await applyOrderMessage(client, renamed, 'staff');

    const board = client.getQueryData<Order[]>(queryKeys.orders.board('ordered'));
    expect(board?.map((o) => o.id)).toEqual(['o1', 'o2', 'o3']);
    expect(board?.[0]?.user.name).toBe('Ann Renamed');
  });
});
