import type { Menu } from '@drinks/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getAlternatives = (orderId: string) => api<Menu[]>(`/order/${encodeURIComponent(orderId)}/alternatives`);

export function useAlternatives(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.catalog.alternatives(orderId),
    queryFn: () => getAlternatives(orderId),
    enabled,
  });
}
