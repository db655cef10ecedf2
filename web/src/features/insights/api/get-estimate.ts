import type { EstimateResponse, Order } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getEstimate = (orderId: string) => api<EstimateResponse>(`/order/${encodeURIComponent(orderId)}/estimate`);

/** Keyed by queue place and status too, so the estimate follows the order up the queue. */
export const estimateQuery = (order: Pick<Order, 'id' | 'queue_at' | 'status'>) =>
  queryOptions({
    queryKey: queryKeys.orders.estimate(order.id, order.queue_at, order.status),
    queryFn: () => getEstimate(order.id),
    staleTime: 30_000,
  });

export function useEstimate(order: Pick<Order, 'id' | 'queue_at' | 'status'>, enabled: boolean) {
  return useQuery({ ...estimateQuery(order), enabled });
}
