import type { Area } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import type { DateRange } from '../../../components/staff-date-ranges.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function getTotal(area: Area, range: DateRange): Promise<{ totalOrder: number }> {
  return api<{ totalOrder: number }>('/order/count/total', { query: { ...range, categoryFor: area } });
}

export function totalQuery(area: Area, range: DateRange) {
  return queryOptions({
    queryKey: queryKeys.stats.total(area, range.startDate ?? null, range.endDate ?? null),
    queryFn: () => getTotal(area, range),
  });
}

export function useTotal(area: Area, range: DateRange) {
  return useQuery(totalQuery(area, range));
}
