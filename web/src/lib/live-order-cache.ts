import type { Order } from '@drinks/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys.js';

/**
 * Applies an order's live message to the cache. A message carries the whole order as its event left it, so the
 * owner's lists of the day that already hold it take it as it is, without a refetch (a fetch of such a list still
 * on its way is cancelled first: it may have been read before this event). Everything else about orders is
 * refetched where shown, as before: a list that does not hold the order yet, the day's count, timelines and
 * estimates, and what staff screens show of everyone's orders (the board also moves the order itself, see
 * features/board/use-live-queues.ts).
 */
export async function applyOrderMessage(queryClient: QueryClient, order: Order, userId: string): Promise<void> {
  const updated = new Set<string>();
  if (order.user.id === userId) {
    for (const [queryKey, list] of queryClient.getQueriesData<Order[]>({ queryKey: queryKeys.orders.allMine })) {
      if (!list?.some((o) => o.id === order.id)) continue;
      await queryClient.cancelQueries({ queryKey, exact: true });
      queryClient.setQueryData<Order[]>(queryKey, (now) => now?.map((o) => (o.id === order.id ? order : o)));
      updated.add(JSON.stringify(queryKey));
    }
  }
  void queryClient.invalidateQueries({
    queryKey: queryKeys.orders.all,
    predicate: (q) => !updated.has(JSON.stringify(q.queryKey)),
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.stats.all });
}
