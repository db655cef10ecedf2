import type { Order } from '@drinks/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.js';
import { createDraftKey, placeOrder, type OrderDraft } from './place-order.js';

const draft: OrderDraft = {
  menu_id: 'm-1',
  menu_name: 'Latte',
  type: 'hot',
  sweetness: 50,
  remark: '-',
  tumblerImage: null,
};

/** A server that keeps the first answer per Idempotency-Key, as API.md says, behind a network that can lose answers. */
function fakeServer(loseAnswers: number) {
  const orders: Order[] = [];
  const answers = new Map<string, Order>();
  const keys: (string | null)[] = [];
  let lost = 0;
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const key = new Headers(init.headers).get('Idempotency-Key');
    keys.push(key);
    let order = key ? answers.get(key) : undefined;
    if (!order) {
      order = { id: `o-${orders.length + 1}`, status: 'ordered' } as Order;
      orders.push(order);
      if (key) answers.set(key, order);
    }
    // Committed, then the answer never arrives.
    if (lost++ < loseAnswers) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(order), { status: 201, headers: { 'Content-Type': 'application/json' } });
  });
  return { orders, keys, fetch };
}

afterEach(() => vi.unstubAllGlobals());

describe('placeOrder', () => {
  it('given the server commits and the answer is lost, when the client retries, then one order and the same answer', async () => {
    const server = fakeServer(2);
    vi.stubGlobal('fetch', server.fetch);
    const order = await placeOrder(draft, 'draft-key-1', { wait: async () => undefined });
    expect(server.fetch).toHaveBeenCalledTimes(3);
    expect(server.keys).toEqual(['draft-key-1', 'draft-key-1', 'draft-key-1']);
    expect(server.orders).toHaveLength(1);
    expect(order.id).toBe(server.orders[0]!.id);
  });

  it('gives up after the attempts, and a later tap with the same draft key is still the one order', async () => {
    const server = fakeServer(3);
    vi.stubGlobal('fetch', server.fetch);
    const key = createDraftKey(() => 'k-1');
    const first = await placeOrder(draft, key.current(), { attempts: 3, wait: async () => undefined }).catch(
      (e: unknown) => e,
    );
    expect(first).toBeInstanceOf(TypeError);
    key.settled(first);
    const again = await placeOrder(draft, key.current(), { wait: async () => undefined });
    expect(server.keys).toEqual(['k-1', 'k-1', 'k-1', 'k-1']);
    expect(server.orders).toHaveLength(1);
    expect(again.id).toBe('o-1');
  });

  it('does not retry a refusal', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ title: 'Limit', code: 'ORDER_LIMIT_REACHED' }), {
          status: 409,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(placeOrder(draft, 'k', { wait: async () => undefined })).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('createDraftKey', () => {
  it('keeps the key while the outcome is unknown and drops it once the server answered', () => {
    let n = 0;
    const key = createDraftKey(() => `k-${++n}`);
    expect(key.current()).toBe('k-1');
    key.settled(new TypeError('Failed to fetch'));
    expect(key.current()).toBe('k-1');
    key.settled(new ApiError(409, 'Limit', 'ORDER_LIMIT_REACHED'));
    expect(key.current()).toBe('k-2');
    key.settled();
    expect(key.current()).toBe('k-3');
  });
});
