import type { Category, CategoryCreateBody } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CategoryCreateBody) => api<Category>('/category', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all }),
  });
}
