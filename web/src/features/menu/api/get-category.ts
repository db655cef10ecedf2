import type { Category } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export function categoryQuery(id: string) {
  return queryOptions({
    queryKey: ['catalog', 'category', id],
    queryFn: () => api<Category>(`/category/${encodeURIComponent(id)}`),
  });
}

export function useCategory(id: string) {
  return useQuery(categoryQuery(id));
}
