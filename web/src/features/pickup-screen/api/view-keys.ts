import type { PickupScreenKey, PickupScreenKeyCreated } from '@drinks/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

const KEYS = queryKeys.pickupScreen.keys;

export const viewKeysQuery = queryOptions({
  queryKey: KEYS,
  queryFn: () => api<PickupScreenKey[]>('/pickup-screen/keys'),
});

export function useViewKeys() {
  return useQuery(viewKeysQuery);
}

export function useCreateViewKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<PickupScreenKeyCreated>('/pickup-screen/keys', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useRevokeViewKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/pickup-screen/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}
