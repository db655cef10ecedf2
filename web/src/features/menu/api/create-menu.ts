import type { Menu, MenuCreateBody } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function useCreateMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MenuCreateBody) => api<Menu>('/menu', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all }),
  });
}
