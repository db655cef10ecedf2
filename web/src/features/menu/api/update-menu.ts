import type { Menu, MenuPatchBody } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** Edits, the active switch and soft delete (isAvailable 'unavailable'). */
export function useUpdateMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: MenuPatchBody }) =>
      api<Menu>(`/menu/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['catalog'] }),
  });
}
