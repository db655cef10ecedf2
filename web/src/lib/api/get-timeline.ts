import type { TimelineEntry } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.js';
import { queryKeys } from '../query-keys.js';

export const getTimeline = (orderId: string) => api<TimelineEntry[]>(`/order/${encodeURIComponent(orderId)}/timeline`);

export const timelineQuery = (orderId: string) =>
  queryOptions({ queryKey: queryKeys.orders.timeline(orderId), queryFn: () => getTimeline(orderId) });

export function useTimeline(orderId: string, enabled: boolean) {
  return useQuery({ ...timelineQuery(orderId), enabled });
}
