import type { Area, PopularMenuRow } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import type { DateRange } from '../../../components/staff-date-ranges.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function getPopularMenu(area: Area, range: DateRange): Promise<PopularMenuRow[]> {
  return api<PopularMenuRow[]>('/order/find/popular-menu', { query: { ...range, categoryFor: area } });
}

export function popularMenuQuery(area: Area, range: DateRange) {
  return queryOptions({
    queryKey: queryKeys.stats.popularMenu(area, range.startDate ?? null, range.endDate ?? null),
    queryFn: () => getPopularMenu(area, range),
  });
}

export function usePopularMenu(area: Area, range: DateRange) {
  return useQuery(popularMenuQuery(area, range));
}
