import type { Category, CategoryPatchBody } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CategoryPatchBody }) =>
      api<Category>(`/category/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all }),
  });
}
