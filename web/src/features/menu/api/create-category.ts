import type { Category, CategoryCreateBody } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useKeyedSender } from '../../../lib/keyed-command.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function useCreateCategory() {
  const queryClient = useQueryClient();
  const send = useKeyedSender<Category>('/category');
  return useMutation({
    mutationFn: (body: CategoryCreateBody) => send(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all }),
  });
}
