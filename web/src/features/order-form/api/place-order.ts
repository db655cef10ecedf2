import type { DrinkType, Order } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.js';

export interface OrderDraft {
  menu_id: string;
  menu_name: string;
  type: DrinkType | null;
  sweetness: number | null;
  remark: string;
  tumblerImage: string | null;
  location?: { lat: number; lng: number };
}

export interface PlaceOrderOptions {
  /** Tries in all, the first included. */
  attempts?: number;
  wait?: (attempt: number) => Promise<void>;
}

/** No answer from the server (network lost, gateway down): the order may or may not exist. */
export const outcomeUnknown = (err: unknown): boolean =>
  !(err instanceof ApiError) || err.status === 502 || err.status === 503 || err.status === 504;

/**
 * Sends one draft under one Idempotency-Key, retrying while the outcome is unknown: the server
 * answers a repeated key with its first answer, so a retry after a lost response is the same order.
 */
export async function placeOrder(draft: OrderDraft, key: string, options: PlaceOrderOptions = {}): Promise<Order> {
  const { attempts = 3, wait = (n) => new Promise<void>((r) => setTimeout(r, 400 * n)) } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await api<Order>('/order', { method: 'POST', body: draft, headers: { 'Idempotency-Key': key } });
    } catch (err) {
      if (attempt >= attempts || !outcomeUnknown(err)) throw err;
      await wait(attempt);
    }
  }
}

/**
 * One key per draft: kept while a send's outcome is unknown (so tapping again retries the same
 * order), dropped once the server has answered (a new attempt is then a new decision).
 */
export function createDraftKey(newKey: () => string = () => crypto.randomUUID()) {
  let key: string | null = null;
  return {
    current: (): string => (key ??= newKey()),
    settled: (err?: unknown): void => {
      if (err === undefined || !outcomeUnknown(err)) key = null;
    },
  };
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, key }: { draft: OrderDraft; key: string }) => placeOrder(draft, key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
