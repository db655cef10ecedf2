import type { BaristaOrderPatch, Order } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function updateBaristaOrder(id: string, patch: BaristaOrderPatch): Promise<Order> {
  return api<Order>(`/order/barista/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });
}

/** Failures are logged (staff-side.md §8); the board also tells them on screen (use-board-actions). */
export function useUpdateBaristaOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: BaristaOrderPatch }) => updateBaristaOrder(id, patch),
    onError: (err) => console.error('order update failed', err),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats.all }),
      ]),
  });
}
