import type { Order } from '@drinks/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLive } from '../../lib/live-events.js';
import { ordersQuery } from './api/get-orders.js';

const QUEUES = ['ordered', 'in-progress'] as const;

/**
 * Moves an order between the board's two queues as soon as its live message arrives; the refetch that
 * the message also starts then only confirms it. Saves a round trip before a new ticket shows.
 */
export function useLiveQueues(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLive((msg) => {
        if (msg.type !== 'orders') return;
        const order: Order = msg.data;
        for (const status of QUEUES) {
          const { queryKey } = ordersQuery(status);
          queryClient.setQueryData(queryKey, (list) => {
            if (!list) return list;
            const rest = list.filter((o) => o.id !== order.id);
            return order.status === status ? [...rest, order] : rest;
          });
        }
      }),
    [queryClient],
  );
}
