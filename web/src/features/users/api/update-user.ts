import type { Role, User } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** An admin's change to another user: its role, or whether the account may sign in (isAvailable). */
export type UserChange = { role: Role } | { isAvailable: boolean };

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UserChange }) =>
      api<User>(`/user/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }),
    onError: (err) => console.error('user change failed', err),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
