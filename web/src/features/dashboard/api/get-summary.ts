import type { OrderSummary } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { SUMMARY_REFRESH_MS } from '../dashboard-logic.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function getSummary(date: string): Promise<OrderSummary> {
  return api<OrderSummary>('/order/summary', { query: { date } });
}

export function summaryQuery(date: string) {
  return queryOptions({
    queryKey: queryKeys.stats.summary(date),
    queryFn: () => getSummary(date),
    refetchInterval: SUMMARY_REFRESH_MS,
  });
}

/** Failures are logged only (staff-side.md §8). */
export function useSummary(date: string) {
  const q = useQuery(summaryQuery(date));
  if (q.isError) console.error('daily statistics fetch failed', q.error);
  return q;
}
