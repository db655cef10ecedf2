import { ACTIVE_ORDER_STATUSES, type Order } from '@drinks/contracts';
import type { Query, QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys.js';

/**
 * Applies an order's live message to the cache. A message carries the whole order as its event left it, so:
 * - the owner's lists of the day that already hold it take it as it is, without a refetch (a fetch of such a
 *   list still on its way is cancelled first: it may have been read before this event);
 * - the board's two queues (any day) move it to the queue of its status at once, which saves a round trip before
 *   a new ticket shows; the refetch below confirms them.
 * Everything else about orders is refetched where shown: a list that does not hold the order yet, the day's count,
 * timelines and estimates, and what staff screens show of everyone's orders.
 */
export async function applyOrderMessage(queryClient: QueryClient, order: Order, userId: string): Promise<void> {
  const updated = new Set<Query>();
  if (order.user.id === userId) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.orders.allMine })) {
      if (!(query.state.data as Order[] | undefined)?.some((o) => o.id === order.id)) continue;
      await queryClient.cancelQueries({ queryKey: query.queryKey, exact: true });
      queryClient.setQueryData<Order[]>(query.queryKey, (now) => now?.map((o) => (o.id === order.id ? order : o)));
      updated.add(query);
    }
  }
  moveOnBoard(queryClient, order);
  void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all, predicate: (q) => !updated.has(q) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.stats.all });
}

/** The board's two queues (any day) take the order as it now is: into the queue of its status, out of the other. */
export function moveOnBoard(queryClient: QueryClient, order: Order): void {
  for (const status of ACTIVE_ORDER_STATUSES) {
    queryClient.setQueryData<Order[]>(queryKeys.orders.board(status), (list) => {
      if (!list) return list;
      // Still in this queue (a new name, say): it keeps its place.
      if (order.status === status && list.some((o) => o.id === order.id))
        return list.map((o) => (o.id === order.id ? order : o));
      const rest = list.filter((o) => o.id !== order.id);
      return order.status === status ? [...rest, order] : rest;
    });
  }
}

/**
 * A board move's mutation callbacks: the answer moves the ticket at once (the live message may come later, or
 * not at all while the socket is down), and what else shows orders is refreshed without holding the ticket's
 * buttons: waiting for that refetch left the next button (Done after Do) disabled for its round trip.
 */
export function movedOnBoard(queryClient: QueryClient) {
  return {
    onSuccess: (order: Order) => moveOnBoard(queryClient, order),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats.all });
    },
  };
}
