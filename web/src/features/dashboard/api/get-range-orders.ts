import type { Order } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import type { DateRange } from '../../../components/staff-date-ranges.js';

/** Every order of the range, for the orders-per-hour chart. */
export function getRangeOrders(range: DateRange): Promise<Order[]> {
  return api<Order[]>('/order', { query: { startDate: range.startDate, endDate: range.endDate } });
}

export function rangeOrdersQuery(range: DateRange) {
  return queryOptions({
    queryKey: ['orders', 'range', range.startDate ?? null, range.endDate ?? null],
    queryFn: () => getRangeOrders(range),
  });
}

export function useRangeOrders(range: DateRange) {
  return useQuery(rangeOrdersQuery(range));
}
