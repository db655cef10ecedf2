import { ORDER_PAGE_MAX, type Order } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import type { DateRange } from '../../../components/staff-date-ranges.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Every order of the range, for the orders-per-hour chart: page after page (the server caps each). */
export async function getRangeOrders(range: DateRange): Promise<Order[]> {
  const all: Order[] = [];
  for (let offset = 0; ; offset += ORDER_PAGE_MAX) {
    const page = await api<Order[]>('/order', {
      query: { startDate: range.startDate, endDate: range.endDate, offset: String(offset) },
    });
    all.push(...page);
    if (page.length < ORDER_PAGE_MAX) return all;
  }
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
