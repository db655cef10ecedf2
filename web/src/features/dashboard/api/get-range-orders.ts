import type { Order } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiAllPages } from '../../../lib/api-client.js';
import type { DateRange } from '../../../components/staff-date-ranges.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Every order of the range, for the orders-per-hour chart: page after page (the server caps each). */
export function getRangeOrders(range: DateRange): Promise<Order[]> {
  return apiAllPages<Order>('/order', { query: { startDate: range.startDate, endDate: range.endDate } });
}

export function rangeOrdersQuery(range: DateRange) {
  return queryOptions({
    queryKey: queryKeys.orders.range(range.startDate ?? null, range.endDate ?? null),
    queryFn: () => getRangeOrders(range),
  });
}

export function useRangeOrders(range: DateRange) {
  return useQuery(rangeOrdersQuery(range));
}
