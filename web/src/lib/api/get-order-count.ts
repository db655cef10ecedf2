import { useQuery, queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.js';
import { queryKeys } from '../query-keys.js';
import { useToday } from '../use-business-day.js';

export const getOrderCount = () => api<{ totalOrder: number }>('/order/count/user');

/** The caller's count of today (the server counts its own today); `day` keys it, so midnight asks again. */
export const orderCountQuery = (day: string) =>
  queryOptions({
    queryKey: queryKeys.orders.count(day),
    queryFn: getOrderCount,
    staleTime: 10_000,
  });

export function useOrderCount() {
  const query = useQuery(orderCountQuery(useToday()));
  return {
    ...query,
    /**
     * Today's count as the server has it now, or offline as last seen: a refetch waits for the network,
     * and what waited for it (opening a form) would then happen by itself once back online.
     */
    fresh: async () => (navigator.onLine ? (await query.refetch()).data : query.data)?.totalOrder,
  };
}
