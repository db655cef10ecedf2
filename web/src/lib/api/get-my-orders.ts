import type { Order } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.js';
import { queryKeys } from '../query-keys.js';
import { signedInUserId } from '../storage.js';
import { useToday } from '../use-business-day.js';

const QUEUE_POLL_MS = 60_000;

/**
 * The caller's orders of the business day `day` (yyyy-mm-dd), and earlier days' still waiting: the same
 * date twice is the API's "today" that carries them. GET /order answers staff with everyone's orders; an
 * admin's own order screens keep the admin's.
 */
export async function getMyOrders(day: string): Promise<Order[]> {
  const orders = await api<Order[]>('/order', { query: { startDate: day, endDate: day } });
  const me = signedInUserId();
  return me === null ? orders : orders.filter((o) => o.user.id === me);
}

export const myOrdersQuery = (day: string) =>
  queryOptions({
    queryKey: queryKeys.orders.mine(day),
    queryFn: () => getMyOrders(day),
    staleTime: 10_000,
    // The server pushes each queue move to the owners behind it; this slow poll only backs up a
    // socket that is quietly gone while something of ours is still waiting.
    refetchInterval: (q) => (q.state.data?.some((o) => o.queue_at !== null) ? QUEUE_POLL_MS : false),
  });

export function useMyOrdersToday() {
  const day = useToday();
  return { day, ...useQuery(myOrdersQuery(day)) };
}
