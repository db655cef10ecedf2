import type { Order } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendKeyed, THROUGH_A_BLIP } from '../../../lib/keyed-command.js';
import { movedOnBoard } from '../../../lib/live-order-cache.js';
import { newId } from '../../../lib/new-id.js';

export function recallOrder(id: string): Promise<Order> {
  return sendKeyed<Order>(
    `/order/barista/${encodeURIComponent(id)}/recall`,
    { method: 'POST' },
    newId(),
    THROUGH_A_BLIP,
  );
}

export function useRecallOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recallOrder,
    ...movedOnBoard(queryClient),
  });
}
