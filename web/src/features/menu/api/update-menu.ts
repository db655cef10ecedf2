import type { Category, Menu, MenuPatchBody } from '@drinks/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

function patchCategory(c: Category, id: string, patch: MenuPatchBody): Category {
  return { ...c, menu: c.menu.map((m) => (m.id === id ? { ...m, ...patch } : m)) };
}

/** Shows the change at once in every cached category (the switch must flip on tap). */
function applyOptimistically(queryClient: QueryClient, id: string, patch: MenuPatchBody) {
  queryClient.setQueriesData<Category | Category[]>({ queryKey: queryKeys.catalog.all }, (data) => {
    if (Array.isArray(data)) return data.map((c) => patchCategory(c, id, patch));
    if (data && 'menu' in data) return patchCategory(data, id, patch);
    return data;
  });
}

/** Edits, the active switch and soft delete (isAvailable 'unavailable'). */
export function useUpdateMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: MenuPatchBody }) =>
      api<Menu>(`/menu/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
    onMutate: async ({ id, patch }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.catalog.all });
      if (patch.isActive && Object.keys(patch).length === 1) applyOptimistically(queryClient, id, patch);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all }),
  });
}
