import type { Order } from '@drinks/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiAllPages } from '../../../lib/api-client.js';
import type { DateRange } from '../../../components/staff-date-ranges.js';
import { HISTORY_STATUSES, mergeHistory } from '../history-logic.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const HISTORY_REFETCH_MS = 5000;

/**
 * Every page of each finished status, merged (staff-side.md §7): one call per status unless the server's
 * cap splits it, where a partial answer dropped the oldest days and undercounted the oldest one left.
 */
export async function getHistory(range: DateRange): Promise<Order[]> {
  const lists = await Promise.all(
    HISTORY_STATUSES.map((status) =>
      apiAllPages<Order>('/order/history/user', {
        query: { status, startDate: range.startDate, endDate: range.endDate },
      }),
    ),
  );
  return mergeHistory(lists);
}

export function historyQuery(range: DateRange) {
  return queryOptions({
    queryKey: queryKeys.orders.history(range.startDate ?? null, range.endDate ?? null),
    queryFn: () => getHistory(range),
    refetchInterval: HISTORY_REFETCH_MS,
  });
}

export function useHistory(range: DateRange) {
  return useQuery({ ...historyQuery(range), placeholderData: keepPreviousData });
}
