import { addDays, businessDay, businessWeekday } from '@drinks/contracts';

/** A query range `[startDate, endDate)` of bare business dates; `{}` means all time. */
export interface DateRange {
  startDate?: string;
  endDate?: string;
}

export type DashboardPeriod = 'today' | 'week' | 'month';

export function todayRange(now: Date, timeZone: string): Required<DateRange> {
  const today = businessDay(now, timeZone);
  return { startDate: today, endDate: addDays(today, 1) };
}

/** Monday to Saturday of the current week; a Sunday belongs to the week before it. */
export function weekRange(now: Date, timeZone: string): Required<DateRange> {
  const today = businessDay(now, timeZone);
  const weekday = businessWeekday(now, timeZone);
  const monday = addDays(today, weekday === 0 ? -6 : 1 - weekday);
  return { startDate: monday, endDate: addDays(monday, 6) };
}

/** From the first of the month to the same date next month (the spec's computation). */
export function monthRange(now: Date, timeZone: string): Required<DateRange> {
  const today = businessDay(now, timeZone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const nextY = m === 12 ? y + 1 : y;
  const nextM = m === 12 ? 1 : m + 1;
  const lastOfNext = new Date(Date.UTC(nextY, nextM, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    startDate: `${y}-${pad(m)}-01`,
    endDate: `${nextY}-${pad(nextM)}-${pad(Math.min(d, lastOfNext))}`,
  };
}

export function dashboardRange(period: DashboardPeriod, now: Date, timeZone: string): Required<DateRange> {
  if (period === 'week') return weekRange(now, timeZone);
  if (period === 'month') return monthRange(now, timeZone);
  return todayRange(now, timeZone);
}

/** The last `days` days up to and including today; `null` days means all time. */
export function lastDaysRange(days: number | null, now: Date, timeZone: string): DateRange {
  if (days === null) return {};
  const today = businessDay(now, timeZone);
  return { startDate: addDays(today, 1 - days), endDate: addDays(today, 1) };
}
