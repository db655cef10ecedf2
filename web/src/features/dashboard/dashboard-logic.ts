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
 * Whole percentages of the counts' total that add up to 100 (largest remainder): rounding each alone
 * showed 50 + 17 + 17 + 17 = 101 for 3, 1, 1, 1.
 */
export function wholePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((a, c) => a + c, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c * 100) / total);
  const out = exact.map(Math.floor);
  const left = 100 - out.reduce((a, p) => a + p, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder.slice(0, left)) out[i] = (out[i] ?? 0) + 1;
  return out;
}
