import { useQuery, queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.js';
import { queryKeys } from '../query-keys.js';

export const getOrderCount = () => api<{ totalOrder: number }>('/order/count/user');

export const orderCountQuery = queryOptions({
  queryKey: queryKeys.orders.count,
  queryFn: getOrderCount,
  staleTime: 10_000,
});

export function useOrderCount() {
  const query = useQuery(orderCountQuery);
  return {
    ...query,
    /**
     * Today's count as the server has it now, or offline as last seen: a refetch waits for the network,
     * and what waited for it (opening a form) would then happen by itself once back online.
     */
    fresh: async () => (navigator.onLine ? (await query.refetch()).data : query.data)?.totalOrder,
  };
}
