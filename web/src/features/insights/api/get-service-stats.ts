import type { ServiceStats } from '@drinks/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getServiceStats = (q: { startDate: string; endDate: string }) =>
  api<ServiceStats>('/stats/service', { query: q });

export function useServiceStats(q: { startDate: string; endDate: string }) {
  return useQuery({
    queryKey: queryKeys.stats.service(q),
    queryFn: () => getServiceStats(q),
    placeholderData: keepPreviousData,
  });
}
