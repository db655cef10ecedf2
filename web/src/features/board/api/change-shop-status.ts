import type { ShopStatus, ShopStatusParam } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function changeShopStatus(status: ShopStatusParam): Promise<ShopStatus> {
  return api<ShopStatus>(`/cafe-status/${status}`, { method: 'PATCH' });
}

export function useChangeShopStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeShopStatus,
    onSuccess: (shop) => queryClient.setQueryData(queryKeys.shop, shop),
    // Refused for orders still to make: the board shows them, also those its live socket missed.
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'ACTIVE_ORDERS')
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shop }),
  });
}
