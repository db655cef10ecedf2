import { ReadyOrders, type ReadyOrder } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The screen needs no sign-in: a listed network or the admin's view key (`?key=`) lets it in. */
export const READY_POLL_MS = 2_500;

export async function getReadyOrders(key: string | null): Promise<ReadyOrder[]> {
  return ReadyOrders.parse(await api<unknown>('/order/ready', { query: { key: key ?? undefined } }));
}

export function readyOrdersQuery(key: string | null) {
  return queryOptions({
    queryKey: queryKeys.pickupScreen.ready(key),
    queryFn: () => getReadyOrders(key),
    refetchInterval: READY_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
}

export function useReadyOrders(key: string | null) {
  return useQuery(readyOrdersQuery(key));
}
