import type { Order } from '@drinks/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Today's finished orders not yet picked up (the board's 'Waiting for pick-up'). */
export function useDoneOrders(range: { startDate: string; endDate: string }) {
  return useQuery({
    queryKey: queryKeys.orders.board('done', range.startDate, range.endDate),
    queryFn: () => api<Order[]>('/order', { query: { status: 'done', ...range } }),
  });
}
