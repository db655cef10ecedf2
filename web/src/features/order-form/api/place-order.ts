import type { DrinkType, Order } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export interface OrderDraft {
  menu_id: string;
  menu_name: string;
  type: DrinkType | null;
  sweetness: number | null;
  remark: string;
  tumblerImage: string | null;
  location?: { lat: number; lng: number };
}

export const placeOrder = (draft: OrderDraft) =>
  api<Order>('/order', { method: 'POST', body: draft, headers: { 'Idempotency-Key': crypto.randomUUID() } });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
