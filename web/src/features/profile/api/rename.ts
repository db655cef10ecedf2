import type { User } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const renameUser = (name: string) => api<User>('/user', { method: 'PATCH', body: { name } });

export function useRename(onDone: (u: User) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameUser,
    onSuccess: (u) => {
      onDone(u);
      // Orders carry their owner's current name (nothing was ever cached under a 'me' key).
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
    // §8: a failed name save is logged only.
    onError: (err) => console.error('rename failed', err),
  });
}
