import type { Role, User } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api<User>(`/user/${encodeURIComponent(id)}`, { method: 'PATCH', body: { role } }),
    onError: (err) => console.error('role save failed', err),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
