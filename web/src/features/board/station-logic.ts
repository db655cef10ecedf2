import {
  PICKUP_REMINDER_MINUTES,
  businessDay,
  isAreaOpen,
  type Area,
  type Order,
  type ShopStatus,
} from '@drinks/contracts';
import { typeLabel } from '../../components/staff-order-format.js';
import { byCodePoint, byName } from '../../lib/compare.js';

export type Station = 'all' | Area;
export const STATIONS: readonly { value: Station; label: string }[] = [
  { value: 'all', label: 'All stations' },
  { value: 'cafe', label: 'Cafe' },
  { value: 'bar', label: 'Bar' },
];
export const ALL_CATEGORIES = 'All';

export type AgeLevel = 'fresh' | 'warn' | 'late';

export function ageLevel(ageMs: number, warnMinutes: number, lateMinutes: number): AgeLevel {
  if (ageMs >= lateMinutes * 60_000) return 'late';
  if (ageMs >= warnMinutes * 60_000) return 'warn';
  return 'fresh';
}

/** '4:05' under an hour, '1 h 12 min' beyond: the age a ticket shows. */
export function formatAge(ageMs: number): string {
  const s = Math.max(0, Math.floor(ageMs / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${m} min`;
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

export function matchesStation(order: Order, station: Station, category: string): boolean {
  if (station !== 'all' && order.menu.category.categoryFor !== station) return false;
  return category === ALL_CATEGORIES || order.menu.category.name === category;
}

/**
 * Category filters of a station: the catalog's that can be ordered now (not deleted, their area open),
 * plus any an order on the board still carries.
 */
export function categoryOptions(
  catalog: readonly { name: string; categoryFor: Area; isAvailable: 'available' | 'unavailable' }[],
  orders: readonly Order[],
  station: Station,
  shop: ShopStatus,
): string[] {
  const names = new Set<string>();
  for (const c of catalog)
    if (
      (station === 'all' || c.categoryFor === station) &&
      c.isAvailable === 'available' &&
      isAreaOpen(shop, c.categoryFor)
    )
      names.add(c.name);
  for (const o of orders)
    if (station === 'all' || o.menu.category.categoryFor === station) names.add(o.menu.category.name);
  return [ALL_CATEGORIES, ...[...names].sort(byName)];
}

/** What is still to make, per drink and type, most first: '3 x Latte hot'. */
export function allDayCounts(orders: readonly Order[]): { label: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const o of orders) {
    const label = o.type ? `${o.menu.name} ${typeLabel(o.type).toLowerCase()}` : o.menu.name;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || byName(a.label, b.label));
}

/**
 * Oldest first (or newest). Orders placed in one group commit can share a millisecond: those of one area go in
 * its queue's order, the one its customers' 'Queue no' counts. (Only there: a card's queue_at is its place when
 * it was fetched, so two fetched at different times do not compare.)
 */
export function sortTickets(orders: readonly Order[], oldestFirst: boolean): Order[] {
  const place = (o: Order) => o.queue_at ?? Number.POSITIVE_INFINITY;
  const sorted = [...orders].sort(
    (a, b) =>
      byCodePoint(a.orderDate, b.orderDate) ||
      byCodePoint(a.menu.category.categoryFor, b.menu.category.categoryFor) ||
      place(a) - place(b) ||
      byCodePoint(a.id, b.id),
  );
  return oldestFirst ? sorted : sorted.reverse();
}

/** The server's RECALL_WINDOW_SECONDS, when its configuration does not say (an older server). */
export const DEFAULT_RECALL_WINDOW_SECONDS = 120;

/** The recall window in words: "2 minutes", "90 seconds". */
export function recallWindowText(windowSeconds: number): string {
  const [n, unit] = windowSeconds % 60 === 0 ? [windowSeconds / 60, 'minute'] : [windowSeconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** A done or rejected order can be brought back `windowSeconds` (the server's setting) after it got there. */
export function recallable(order: Order, now: number, windowSeconds: number): boolean {
  if (order.status !== 'done' && order.status !== 'rejected') return false;
  const at = Date.parse(order.updatedAt);
  return !Number.isNaN(at) && now - at < windowSeconds * 1000;
}

/** A done order left on the counter this long is flagged: when its owner gets the "still waiting" reminder. */
export const UNCLAIMED_AFTER_MS = PICKUP_REMINDER_MINUTES * 60_000;

/**
 * The board's done and cancelled orders of `today` (a business date): placed today, or finished or cancelled
 * today. An order placed before midnight and finished after it is today's work: its owner picks it up today.
 */
export function ofToday(orders: readonly Order[], today: string, timeZone: string): Order[] {
  return orders.filter(
    (o) =>
      businessDay(new Date(o.orderDate), timeZone) === today || businessDay(new Date(o.updatedAt), timeZone) === today,
  );
}
