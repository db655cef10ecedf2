import type { Order, PlaceOrderBody } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createPendingSend,
  sendKeyed,
  type KeptSend,
  type PendingStore,
  type RetryOptions,
} from '../../../lib/keyed-command.js';
import { newId } from '../../../lib/new-id.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { readStorage, removeStorage, signedInUserId, STORAGE_KEYS, writeStorage } from '../../../lib/storage.js';

/** The contract's PlaceOrderBody as the forms send it: every field filled (null for none) but the location. */
export type OrderDraft = Required<Omit<PlaceOrderBody, 'location'>> & Pick<PlaceOrderBody, 'location'>;

/** One draft under one key, sent again while its outcome is unknown: a retry after a lost answer is the same order. */
export function placeOrder(draft: OrderDraft, key: string, options: RetryOptions = {}): Promise<Order> {
  return sendKeyed<Order>('/order', { method: 'POST', body: draft }, key, options);
}

/**
 * An order whose answer was lost is kept, key and body, for an hour in storage: the same draft sent again after
 * the page was reloaded or the app closed (the form comes back as it was, see lib/reload-draft.ts) is the same
 * order, as 'Tap Place order again: it will not be ordered twice' promises. Longer, the same drink ordered
 * another day would get the old order's answer instead of a new order.
 */
const UNANSWERED_FOR_MS = 60 * 60_000;

export const unansweredOrderStore: PendingStore<OrderDraft> = {
  read() {
    const raw = readStorage(STORAGE_KEYS.unansweredOrder);
    if (!raw) return null;
    try {
      const kept = JSON.parse(raw) as KeptSend<OrderDraft> & { at: number; userId: string | null };
      const fresh = Date.now() - kept.at < UNANSWERED_FOR_MS && kept.userId === signedInUserId();
      return fresh ? { key: kept.key, body: kept.body, fingerprint: kept.fingerprint } : null;
    } catch {
      return null;
    }
  },
  write(pending) {
    if (!pending) return removeStorage(STORAGE_KEYS.unansweredOrder);
    writeStorage(
      STORAGE_KEYS.unansweredOrder,
      JSON.stringify({ ...pending, at: Date.now(), userId: signedInUserId() }),
    );
  },
};

/** One key per order draft (see createPendingSend); the location read for its first send goes with every retry. */
export const createDraftKey = (newKey: () => string = newId, store: PendingStore<OrderDraft> = unansweredOrderStore) =>
  createPendingSend<OrderDraft>((d) => JSON.stringify({ ...d, location: undefined }), newKey, store);

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, key }: { draft: OrderDraft; key: string }) => placeOrder(draft, key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
