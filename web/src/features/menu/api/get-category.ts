import type { Category } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function categoryQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.catalog.category(id),
    queryFn: () => api<Category>(`/category/${encodeURIComponent(id)}`),
  });
}

export function useCategory(id: string) {
  return useQuery(categoryQuery(id));
}
