import type { Order } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function recallOrder(id: string): Promise<Order> {
  return api<Order>(`/order/barista/${encodeURIComponent(id)}/recall`, { method: 'POST' });
}

export function useRecallOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recallOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
