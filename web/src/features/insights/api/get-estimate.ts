import type { EstimateResponse, Order } from '@drinks/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getEstimate = (orderId: string) => api<EstimateResponse>(`/order/${encodeURIComponent(orderId)}/estimate`);

/** Keyed by queue place and status too, so the estimate follows the order up the queue. */
export function useEstimate(order: Pick<Order, 'id' | 'queue_at' | 'status'>, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.orders.estimate(order.id, order.queue_at, order.status),
    queryFn: () => getEstimate(order.id),
    enabled,
    staleTime: 30_000,
  });
}
