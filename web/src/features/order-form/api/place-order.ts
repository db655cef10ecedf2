import type { Order, PlaceOrderBody } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPendingSend, sendKeyed, type RetryOptions } from '../../../lib/keyed-command.js';
import { newId } from '../../../lib/new-id.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The contract's PlaceOrderBody as the forms send it: every field filled (null for none) but the location. */
export type OrderDraft = Required<Omit<PlaceOrderBody, 'location'>> & Pick<PlaceOrderBody, 'location'>;

/** One draft under one key, sent again while its outcome is unknown: a retry after a lost answer is the same order. */
export function placeOrder(draft: OrderDraft, key: string, options: RetryOptions = {}): Promise<Order> {
  return sendKeyed<Order>('/order', { method: 'POST', body: draft }, key, options);
}

/** One key per order draft (see createPendingSend); the location read for its first send goes with every retry. */
export const createDraftKey = (newKey: () => string = newId) =>
  createPendingSend<OrderDraft>((d) => JSON.stringify({ ...d, location: undefined }), newKey);

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, key }: { draft: OrderDraft; key: string }) => placeOrder(draft, key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
