import type { Order } from '@drinks/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** The phone's storage, where an order whose answer was lost outlives its page. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
  };
}

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
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

  it('gives up after the attempts, and a later tap on the same draft repeats the same key and body', async () => {
    const server = fakeServer(3);
    vi.stubGlobal('fetch', server.fetch);
    const drafts = createDraftKey(() => 'k-1');
    const first = drafts.start(draft, { ...draft, location: { lat: 13.7, lng: 100.5 } });
    const lost = await placeOrder(first.body, first.key, { attempts: 3, wait: async () => undefined }).catch(
      (e: unknown) => e,
    );
    expect(lost).toBeInstanceOf(TypeError);
    drafts.settled(first, lost);
    const again = drafts.unanswered(draft);
    expect(again).toEqual(first);
    const order = await placeOrder(again!.body, again!.key, { wait: async () => undefined });
    expect(server.keys).toEqual(['k-1', 'k-1', 'k-1', 'k-1']);
    expect(server.orders).toHaveLength(1);
    expect(order.id).toBe('o-1');
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
  it('keeps the send while the outcome is unknown and drops it once the server answered', () => {
    let n = 0;
    const drafts = createDraftKey(() => `k-${++n}`);
    expect(drafts.unanswered(draft)).toBeNull();
    const first = drafts.start(draft, draft);
    expect(first.key).toBe('k-1');
    drafts.settled(first, new TypeError('Failed to fetch'));
    expect(drafts.unanswered(draft)?.key).toBe('k-1');
    expect(drafts.unanswered({ ...draft, sweetness: 100 })).toBeNull();
    drafts.settled(first, new ApiError(409, 'Limit', 'ORDER_LIMIT_REACHED'));
    expect(drafts.unanswered(draft)).toBeNull();
    const second = drafts.start(draft, draft);
    expect(second.key).toBe('k-2');
    drafts.settled(first);
    expect(drafts.unanswered(draft)).toBe(second);
    drafts.settled(second);
    expect(drafts.unanswered(draft)).toBeNull();
  });
});

describe('an order whose answer was lost, after the page is gone', () => {
  const tokenFor = (sub: string) => `x.${btoa(JSON.stringify({ sub }))}.y`;

  it('given its answer was lost, when the form is opened again and the same draft sent, then it goes under the same key, once', async () => {
    localStorage.setItem('access_token', tokenFor('u-1'));
    const server = fakeServer(3);
    vi.stubGlobal('fetch', server.fetch);
    let n = 0;
    const newKey = () => `k-${++n}`;
    const before = createDraftKey(newKey);
    const first = before.start(draft, draft);
    const lost = await placeOrder(first.body, first.key, { attempts: 3, wait: async () => undefined }).catch(
      (e: unknown) => e,
    );
    before.settled(first, lost);
    // The page is reloaded (or the app closed and opened): a new form, the same draft.
    const after = createDraftKey(newKey);
    const again = after.unanswered(draft);
    expect(again?.key).toBe('k-1');
    const order = await placeOrder(again!.body, again!.key, { wait: async () => undefined });
    after.settled(again!);
    expect(server.orders).toHaveLength(1);
    expect(order.id).toBe('o-1');
    // Answered: the next form's order is a new one.
    expect(createDraftKey(newKey).unanswered(draft)).toBeNull();
  });

  it('is not repeated for another person on this phone, nor after an hour (the same drink another time is a new order)', () => {
    localStorage.setItem('access_token', tokenFor('u-1'));
    vi.useFakeTimers();
    try {
      createDraftKey(() => 'k-old').start(draft, draft);
      expect(createDraftKey().unanswered(draft)?.key).toBe('k-old');
      localStorage.setItem('access_token', tokenFor('u-2'));
      expect(createDraftKey().unanswered(draft)).toBeNull();
      localStorage.setItem('access_token', tokenFor('u-1'));
      vi.advanceTimersByTime(60 * 60_000);
      expect(createDraftKey().unanswered(draft)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
