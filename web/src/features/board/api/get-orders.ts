import type { Order, OrderStatus } from '@drinks/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { todayRange, type DateRange } from '../../../components/staff-date-ranges.js';
import { configQuery, serverNow } from '../../../lib/config.js';

export function getOrders(status: OrderStatus, range: DateRange): Promise<Order[]> {
  return api<Order[]>('/order', { query: { status, startDate: range.startDate, endDate: range.endDate } });
}

export function ordersQuery(status: OrderStatus, range: DateRange) {
  return queryOptions({
    queryKey: ['orders', 'board', status, range.startDate ?? null, range.endDate ?? null],
    queryFn: () => getOrders(status, range),
  });
}

export function useOrders(status: OrderStatus, range: DateRange) {
  return useQuery(ordersQuery(status, range));
}

/** Today's two queues of the board, as the board will ask for them: to start before it renders. */
export async function prefetchBoard(client: QueryClient): Promise<void> {
  const { businessTimeZone } = await client.fetchQuery(configQuery);
  const range = todayRange(serverNow(), businessTimeZone);
  await Promise.all(
    (['ordered', 'in-progress'] as const).map((status) => client.prefetchQuery(ordersQuery(status, range))),
  );
}
