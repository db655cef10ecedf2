import type { Order, PlaceOrderBody } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { outcomeUnknown, sendKeyed, type RetryOptions } from '../../../lib/keyed-command.js';
import { newId } from '../../../lib/new-id.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The contract's PlaceOrderBody as the forms send it: every field filled (null for none) but the location. */
export type OrderDraft = Required<Omit<PlaceOrderBody, 'location'>> & Pick<PlaceOrderBody, 'location'>;

/** One draft under one key, sent again while its outcome is unknown: a retry after a lost answer is the same order. */
export function placeOrder(draft: OrderDraft, key: string, options: RetryOptions = {}): Promise<Order> {
  return sendKeyed<Order>('/order', { method: 'POST', body: draft }, key, options);
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
export function createDraftKey(newKey: () => string = newId) {
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
