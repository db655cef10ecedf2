import type { BaristaOrderPatch, Order } from '@drinks/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendKeyed, THROUGH_A_BLIP } from '../../../lib/keyed-command.js';
import { movedOnBoard } from '../../../lib/live-order-cache.js';
import { newId } from '../../../lib/new-id.js';

/** One tap, sent again under its key while the answer is lost: done once, and told as done (not as failed). */
export function updateBaristaOrder(id: string, patch: BaristaOrderPatch): Promise<Order> {
  return sendKeyed<Order>(
    `/order/barista/${encodeURIComponent(id)}`,
    { method: 'PATCH', body: patch },
    newId(),
    THROUGH_A_BLIP,
  );
}

/** Failures are logged (staff-side.md §8); the board also tells them on screen (use-board-actions). */
export function useUpdateBaristaOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: BaristaOrderPatch }) => updateBaristaOrder(id, patch),
    onError: (err) => console.error('order update failed', err),
    ...movedOnBoard(queryClient),
  });
}
