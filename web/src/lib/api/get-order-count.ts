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
  return useQuery(orderCountQuery);
}
