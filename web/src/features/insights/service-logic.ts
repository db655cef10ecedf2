import { addDays, type ServiceStats } from '@drinks/contracts';

export const PERIODS = [
  { value: 'today', label: 'Today', days: 1 },
  { value: 'week', label: '7 days', days: 7 },
  { value: 'month', label: '4 weeks', days: 28 },
  { value: 'quarter', label: '3 months', days: 91 },
] as const;
export type Period = (typeof PERIODS)[number]['value'];

/** The query of a period ending with today (business days; endDate exclusive). */
export function periodRange(period: Period, today: string): { startDate: string; endDate: string } {
  const days = PERIODS.find((p) => p.value === period)!.days;
  return { startDate: addDays(today, 1 - days), endDate: addDays(today, 1) };
}

export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

export interface ServiceSummary {
  completed: number;
  rejected: number;
  cancellations: number;
  busiestHour: string | null;
  /** Orders-weighted mean of the daily medians, as a rough headline. */
  typicalWait: number | null;
}

export function serviceSummary(s: ServiceStats): ServiceSummary {
  const completed = s.waitByDay.reduce((n, d) => n + d.orders, 0);
  const weighted = s.waitByDay.reduce((n, d) => n + d.medianMinutes * d.orders, 0);
  const top = s.busiestHours[0];
  return {
    completed,
    rejected: s.rejectionReasons.reduce((n, r) => n + r.count, 0),
    cancellations: s.cancellations,
    busiestHour: top ? hourLabel(top.hour) : null,
    typicalWait: completed > 0 ? Math.round((weighted / completed) * 10) / 10 : null,
  };
}

/** Waits per hour on a full business-hours axis, so the gaps show. */
export function hourSeries(
  rows: ServiceStats['waitByHour'],
): { hour: string; median: number; p90: number; orders: number }[] {
  if (rows.length === 0) return [];
  const first = Math.min(...rows.map((r) => r.hour));
  const last = Math.max(...rows.map((r) => r.hour));
  const out = [];
  for (let h = first; h <= last; h++) {
    const r = rows.find((x) => x.hour === h);
    out.push({ hour: hourLabel(h), median: r?.medianMinutes ?? 0, p90: r?.p90Minutes ?? 0, orders: r?.orders ?? 0 });
  }
  return out;
}

/** '2025-03-03' → '3 Mar'. */
export function dayLabel(day: string): string {
  const [, m, d] = day.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d} ${months[(m ?? 1) - 1]}`;
}
