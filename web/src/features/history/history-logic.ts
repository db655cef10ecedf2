import { businessDay, type Order, type OrderStatus } from '@drinks/contracts';
import { sweetnessLabel, typeLabel } from '../../components/staff-order-format.js';
import { byCodePoint } from '../../lib/compare.js';

/** The statuses a history lists: finished orders only. */
export const HISTORY_STATUSES: readonly OrderStatus[] = ['picked', 'rejected', 'cancel', 'done'];

export interface HistoryFilter {
  label: string;
  /** Days back including today; null = all time. */
  days: number | null;
}

export const STAFF_FILTERS: readonly HistoryFilter[] = [
  { label: 'Today', days: 1 },
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'All time', days: null },
];

export const USER_FILTERS: readonly HistoryFilter[] = [
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 90 days', days: 90 },
  { label: 'All time', days: null },
];
export const USER_DEFAULT_FILTER = 1;

export function loadingText(days: number | null): string {
  return days === null ? 'Loading all history...' : `Loading ${days} days history...`;
}

export function staffStatusLabel(status: OrderStatus): string {
  if (status === 'done' || status === 'picked') return 'Done';
  if (status === 'cancel') return 'Canceled by user';
  if (status === 'rejected') return 'Canceled by barista';
  return status;
}

export function userStatusLabel(order: Pick<Order, 'status' | 'reject_note'>): string {
  if (order.status === 'rejected') return `Canceled By Barista : ${order.reject_note ?? ''}`;
  if (order.status === 'cancel') return 'Canceled';
  if (order.status === 'done' || order.status === 'picked') return 'Done';
  return order.status;
}

/** Newest update first; ties keep a stable order by id. */
export function byNewestUpdate(a: Order, b: Order): number {
  return byCodePoint(b.updatedAt, a.updatedAt) || byCodePoint(a.id, b.id);
}

/** Merges per-status answers, dropping duplicates, newest update first. */
export function mergeHistory(lists: readonly (readonly Order[])[]): Order[] {
  const seen = new Map<string, Order>();
  for (const list of lists) for (const o of list) seen.set(o.id, o);
  return [...seen.values()].sort(byNewestUpdate);
}

export interface HistoryGroup {
  day: string;
  orders: Order[];
  /** Orders of the day that were done or picked up. */
  total: number;
}

/**
 * Groups by the business day the order was placed, newest day first, newest update first within a day:
 * the day the period filter selects by and the dashboards count, so a day's total is the same under
 * every filter (an order placed at 23:45 and finished at 00:05 stays with the day it was placed).
 */
export function groupByDay(orders: readonly Order[], timeZone: string): HistoryGroup[] {
  const groups = new Map<string, Order[]>();
  for (const o of [...orders].sort(byNewestUpdate)) {
    const day = businessDay(new Date(o.orderDate), timeZone);
    const list = groups.get(day) ?? [];
    list.push(o);
    groups.set(day, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => byCodePoint(b, a))
    .map(([day, list]) => ({
      day,
      orders: list,
      total: list.filter((o) => o.status === 'done' || o.status === 'picked').length,
    }));
}

export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A staff history entry's details: type, sweetness, who. A bar drink may have no type: no bare dash then. */
export function staffEntryDetails(order: Order): string {
  const sweet = sweetnessLabel(order);
  return [order.type && typeLabel(order.type), sweet && `Sweetness ${sweet}`, order.user.name]
    .filter(Boolean)
    .join(' · ');
}
