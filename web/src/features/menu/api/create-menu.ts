import type { Menu, MenuCreateBody } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useKeyedSender } from '../../../lib/keyed-command.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function useCreateMenu() {
  const queryClient = useQueryClient();
  const send = useKeyedSender<Menu>('/menu');
  return useMutation({
    mutationFn: (body: MenuCreateBody) => send(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all }),
  });
}
