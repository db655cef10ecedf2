import type { Order, OrderStatus } from '@drinks/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import type { DateRange } from '../../../components/staff-date-ranges.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Without a range: every order in that status, whatever day it was placed. */
export function getOrders(status: OrderStatus, range?: DateRange): Promise<Order[]> {
  return api<Order[]>('/order', { query: { status, startDate: range?.startDate, endDate: range?.endDate } });
}

export function ordersQuery(status: OrderStatus, range?: DateRange) {
  return queryOptions({
    queryKey: queryKeys.orders.board(status, range?.startDate ?? null, range?.endDate ?? null),
    queryFn: () => getOrders(status, range),
  });
}

export function useOrders(status: OrderStatus, range?: DateRange) {
  return useQuery(ordersQuery(status, range));
}

/** The board's two queues (any day: an order left from yesterday still needs a hand), before it renders. */
export async function prefetchBoard(client: QueryClient): Promise<void> {
  await Promise.all((['ordered', 'in-progress'] as const).map((status) => client.prefetchQuery(ordersQuery(status))));
}
