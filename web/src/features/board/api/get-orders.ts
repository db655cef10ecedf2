import { addDays, type Order, type OrderStatus } from '@drinks/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import type { DateRange } from '../../../components/staff-date-ranges.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { categoriesQuery } from '../../../lib/api/get-categories.js';
import { serverToday } from '../../../lib/config.js';

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

/**
 * The counter's lists are asked from yesterday: an order placed before midnight and finished or cancelled
 * after it is on today's counter (the server's range goes by orderDate); the board keeps today's.
 */
export function counterRange(today: string): DateRange {
  return { startDate: addDays(today, -1), endDate: addDays(today, 1) };
}

/**
 * What the board shows, before it renders: the two queues (any day: an order left from yesterday still
 * needs a hand), the counter's lists and the catalog for the filters.
 */
export async function prefetchBoard(client: QueryClient): Promise<void> {
  const queues = (['ordered', 'in-progress'] as const).map((status) => client.prefetchQuery(ordersQuery(status)));
  const since = counterRange(await serverToday(client));
  await Promise.all([
    ...queues,
    client.prefetchQuery(ordersQuery('done', since)),
    client.prefetchQuery(ordersQuery('rejected', since)),
    client.prefetchQuery(categoriesQuery),
  ]);
}
