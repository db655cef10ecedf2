import type { ShopStatus, ShopStatusParam } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function changeShopStatus(status: ShopStatusParam): Promise<ShopStatus> {
  return api<ShopStatus>(`/cafe-status/${status}`, { method: 'PATCH' });
}

export function useChangeShopStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeShopStatus,
    onSuccess: (shop) => queryClient.setQueryData(queryKeys.shop, shop),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shop }),
  });
}
