import type { Menu } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function useSetMenuInactive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (menuId: string) =>
      api<Menu>(`/menu/${encodeURIComponent(menuId)}`, { method: 'PATCH', body: { isActive: 'inactive' } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all }),
  });
}
