import type { TimelineEntry } from '@drinks/contracts';
import { formatBusinessTime } from '../../lib/config.js';

export interface TimelineRow {
  kind: TimelineEntry['kind'];
  label: string;
  /** HH:mm in the business time zone. */
  time: string;
  at: string;
  /** e.g. '3 min later'; null for the first step. */
  gap: string | null;
}

/** What a person reads for one step of an order. */
export function timelineLabel(e: Pick<TimelineEntry, 'kind' | 'by' | 'reason'>): string {
  switch (e.kind) {
    case 'placed':
      return 'Placed';
    case 'started':
      return e.by?.name ? `Started by ${e.by.name}` : 'Started';
    case 'completed':
      return 'Finished';
    case 'rejected':
      return e.reason ? `Rejected: ${e.reason}` : 'Rejected';
    case 'cancelled':
      return 'Cancelled';
    case 'picked':
      return 'Picked up';
    case 'recalled':
      return e.by?.name ? `Recalled by ${e.by.name}` : 'Recalled';
  }
}

/** '<1 min', '3 min', '3.5 min', '1 h 5 min'. */
export function formatMinutes(minutes: number): string {
  if (minutes < 1) return '<1 min';
  if (minutes >= 60) {
    const h = Math.floor(minutes / 60);
    const m = Math.round(minutes - h * 60);
    return m === 0 ? `${h} h` : `${h} h ${m} min`;
  }
  const rounded = Math.round(minutes * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} min`;
}

export function timelineRows(entries: readonly TimelineEntry[], timeZone: string): TimelineRow[] {
  return entries.map((e) => ({
    kind: e.kind,
    label: timelineLabel(e),
    time: formatBusinessTime(e.at, timeZone),
    at: e.at,
    gap: e.minutesSincePrevious === null ? null : `${formatMinutes(e.minutesSincePrevious)} later`,
  }));
}

/** Minutes from the first to the last step, or null with fewer than two steps. */
export function totalMinutes(entries: readonly Pick<TimelineEntry, 'at'>[]): number | null {
  if (entries.length < 2) return null;
  const first = Date.parse(entries[0]!.at);
  const last = Date.parse(entries[entries.length - 1]!.at);
  return Math.round(((last - first) / 60_000) * 10) / 10;
}
