import {
  businessHour,
  VOID_ORDER_STATUSES,
  type Area,
  type Order,
  type OrderStatus,
  type OrderSummary,
} from '@drinks/contracts';
import type { DashboardPeriod } from '../../components/staff-date-ranges.js';
import { STATUS_LABELS } from '../../components/staff-order-format.js';

export const PAGE_SIZE = 10;
export const SUMMARY_REFRESH_MS = 300_000;

export const PERIODS: readonly { value: DashboardPeriod; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
];

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Rows of a 1-based page, each with its rank in the whole list. */
export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): { rank: number; row: T }[] {
  const start = (page - 1) * size;
  return rows.slice(start, start + size).map((row, i) => ({ rank: start + i + 1, row }));
}

/** Orders per hour of the business day, for one area, not counting cancel and rejected. */
export function ordersPerHour(
  orders: readonly Order[],
  area: Area,
  timeZone: string,
): { hour: string; orders: number }[] {
  const counts = new Map<number, number>();
  for (const o of orders) {
    if (o.menu.category.categoryFor !== area || VOID_ORDER_STATUSES.includes(o.status)) continue;
    const h = businessHour(new Date(o.orderDate), timeZone);
    counts.set(h, (counts.get(h) ?? 0) + 1);
  }
  if (counts.size === 0) return [];
  const hours = [...counts.keys()];
  const from = Math.min(8, ...hours);
  const to = Math.max(18, ...hours);
  const out: { hour: string; orders: number }[] = [];
  for (let h = from; h <= to; h++) out.push({ hour: `${String(h).padStart(2, '0')}:00`, orders: counts.get(h) ?? 0 });
  return out;
}

export interface SummaryView {
  total: number;
  done: number;
  active: number;
  breakdown: { status: OrderStatus; label: string; count: number; percent: number }[];
}

export function summaryView(summary: OrderSummary): SummaryView {
  const b = summary.byStatus;
  const total = summary.total;
  const statuses = Object.keys(STATUS_LABELS) as OrderStatus[];
  const percents = wholePercents(statuses.map((s) => b[s]));
  const breakdown = statuses.map((status, i) => ({
    status,
    label: STATUS_LABELS[status],
    count: b[status],
    percent: percents[i]!,
  }));
  return { total, done: b.done + b.picked, active: b.ordered + b['in-progress'], breakdown };
}

/**
 * Whole percentages of the counts' total: each rounded down, then the units left over to 100 go to the
 * largest remainders, a count's equals with it (1 of 6 done and 1 of 6 rejected both read 17 %, never 17
 * and 16). Where the equals do not all fit in what is left, none of them rises: 3, 1, 1, 1 reads 50, 16,
 * 16, 16, a total of 98, rather than 101 or unequal shares of one count.
 */
export function wholePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((a, c) => a + c, 0);
  if (total === 0) return counts.map(() => 0);
  const out = counts.map((c) => Math.floor((c * 100) / total));
  let left = 100 - out.reduce((a, p) => a + p, 0);
  // Remainders in whole units of 1/total: as fractions, 4 of 6 (66.67) and 1 of 6 (16.67) differ in the last bit.
  const groups = [...new Set(counts.filter((c) => c > 0))]
    .map((count) => ({ count, r: (count * 100) % total, size: counts.filter((c) => c === count).length }))
    // Among equal remainders the larger group first: 4, 1, 1 gives the two 1s their unit (66, 17, 17).
    .sort((a, b) => b.r - a.r || b.size - a.size);
  for (const { count, r, size } of groups) {
    if (r === 0 || size > left) continue;
    counts.forEach((c, i) => {
      if (c === count) out[i] = (out[i] ?? 0) + 1;
    });
    left -= size;
  }
  return out;
}
