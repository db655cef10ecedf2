import type { Order } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const updateOrderStatus = (id: string, status: 'cancel' | 'picked') =>
  api<Order>(`/order/${id}`, { method: 'PATCH', body: { status } });

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; status: 'cancel' | 'picked' }) => updateOrderStatus(v.id, v.status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    // §8: failures of cancel and pick-up are logged only.
    onError: (err) => console.error('order update failed', err),
  });
}
