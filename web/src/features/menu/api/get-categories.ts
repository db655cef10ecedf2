import type { Category } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const categoriesQuery = queryOptions({
  queryKey: ['catalog', 'categories'],
  queryFn: () => api<Category[]>('/category'),
});

export function useCategories() {
  return useQuery(categoriesQuery);
}
