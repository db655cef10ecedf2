import type { Order, PlaceOrderBody } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The contract's PlaceOrderBody as the forms send it: every field filled (null for none) but the location. */
export type OrderDraft = Required<Omit<PlaceOrderBody, 'location'>> & Pick<PlaceOrderBody, 'location'>;

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

export interface DraftSend {
  key: string;
  body: OrderDraft;
}

/**
 * One key per draft: while a send's outcome is unknown, sending the same draft again repeats it
 * word for word (same key, same body with its first location: the server refuses a key reused with
 * another body); once the server has answered, the next send is a new decision with a new key.
 */
export function createDraftKey(newKey: () => string = () => crypto.randomUUID()) {
  let pending: (DraftSend & { fingerprint: string }) | null = null;
  const fingerprint = (d: OrderDraft) => JSON.stringify({ ...d, location: undefined });
  return {
    unanswered: (draft: OrderDraft): DraftSend | null =>
      pending && pending.fingerprint === fingerprint(draft) ? pending : null,
    start: (draft: OrderDraft, body: OrderDraft): DraftSend => {
      pending = { fingerprint: fingerprint(draft), key: newKey(), body };
      return pending;
    },
    settled: (err?: unknown): void => {
      if (err === undefined || !outcomeUnknown(err)) pending = null;
    },
  };
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, key }: { draft: OrderDraft; key: string }) => placeOrder(draft, key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
