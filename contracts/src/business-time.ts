// Calendar arithmetic in the business time zone, with no library: Intl knows
// every zone. All functions take instants and return instants or yyyy-mm-dd.

// Building a formatter costs far more than using one; projections call these per event.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function formattedParts(at: Date, timeZone: string) {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday ?? ''),
  };
}

// formatToParts costs microseconds and every command asks for the day: the zone's offset is found once
// per quarter hour (zones change offset only on quarter hours) and the fields are read from it.
const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, number>();

/**
 * A zone's offsets over a stretch of time, as the server tells the browser (ClientConfig): from each
 * `from` on, the zone's clocks run `offsetMinutes` ahead of UTC, until the next `from` or `until`.
 */
export interface ZoneOffsets {
  until: string;
  offsets: { from: string; offsetMinutes: number }[];
}

interface KnownOffsets {
  until: number;
  changes: { from: number; offset: number }[];
}
const known = new Map<string, KnownOffsets>();

/**
 * Takes the zone's offsets from `table` wherever it covers, instead of asking Intl: a browser's first
 * Intl formatter with a time zone costs a slow phone 150–300 ms of blocked main thread (ICU loads its
 * zone and locale data), the longest single task of the app's start. Outside the table, Intl answers.
 */
export function adoptZoneOffsets(timeZone: string, table: ZoneOffsets): void {
  const changes = table.offsets
    .map((o) => ({ from: Date.parse(o.from), offset: o.offsetMinutes * 60_000 }))
    .filter((o) => Number.isFinite(o.from) && Number.isFinite(o.offset))
    .sort((a, b) => a.from - b.from);
  const until = Date.parse(table.until);
  if (changes.length === 0 || !Number.isFinite(until)) return;
  known.set(timeZone, { until, changes });
  for (const key of offsets.keys()) if (key.startsWith(`${timeZone}|`)) offsets.delete(key);
}

function knownOffset(ms: number, timeZone: string): number | undefined {
  const table = known.get(timeZone);
  if (!table || ms >= table.until || ms < table.changes[0]!.from) return undefined;
  let offset = table.changes[0]!.offset;
  for (const c of table.changes) {
    if (c.from > ms) break;
    offset = c.offset;
  }
  return offset;
}

/** The zone's offsets from `from` until `until`: where it changes, to the quarter hour. */
export function zoneOffsets(timeZone: string, from: Date, until: Date): ZoneOffsets {
  const start = Math.floor(from.getTime() / QUARTER_HOUR) * QUARTER_HOUR;
  const end = until.getTime();
  const minutes = (t: number) => Math.round(offsetAt(t, timeZone) / 60_000);
  const changes = [{ from: new Date(start).toISOString(), offsetMinutes: minutes(start) }];
  // Zones change offset at most a few times a year: a step of six hours passes over no two changes.
  const STEP = 24 * QUARTER_HOUR;
  for (let t = start; t < end; t += STEP) {
    const next = Math.min(t + STEP, end);
    if (minutes(next) === minutes(t)) continue;
    let lo = t; // offset as at t
    let hi = next; // offset as at next
    while (hi - lo > QUARTER_HOUR) {
      const mid = lo + Math.floor((hi - lo) / 2 / QUARTER_HOUR) * QUARTER_HOUR;
      if (minutes(mid) === minutes(t)) lo = mid;
      else hi = mid;
    }
    changes.push({ from: new Date(hi).toISOString(), offsetMinutes: minutes(hi) });
  }
  return { until: new Date(end).toISOString(), offsets: changes };
}

function parts(at: Date, timeZone: string) {
  const ms = at.getTime();
  if (!Number.isFinite(ms)) return formattedParts(at, timeZone);
  const key = `${timeZone}|${Math.floor(ms / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = knownOffset(ms, timeZone);
    if (offset === undefined) {
      const p = formattedParts(new Date(Math.floor(ms / 1000) * 1000), timeZone);
      offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
    }
    if (offsets.size >= 1000) offsets.clear();
    offsets.set(key, offset);
  }
  const local = new Date(ms + offset);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The business day (yyyy-mm-dd) an instant falls on. */
export function businessDay(at: Date, timeZone: string): string {
  const p = parts(at, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** Time of day (HH:mm, 24-hour) in the business zone. */
export function businessTimeOfDay(at: Date, timeZone: string): string {
  const p = parts(at, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** Hour of the day (0–23) in the business zone. */
export function businessHour(at: Date, timeZone: string): number {
  return parts(at, timeZone).hour;
}

/** How far the zone's clocks are ahead of UTC at `t` (whole seconds), in milliseconds. */
function offsetAt(t: number, timeZone: string): number {
  const p = parts(new Date(t), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(t / 1000) * 1000;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The instant at which the zone's clocks show `wall` (a wall-clock time whose fields are read as UTC). Across a
 * change of offset, as JavaScript's Date and Temporal's 'compatible' read it: a time the clocks skip is taken
 * with the offset before the change (02:30 that never came reads 03:30 after it), so a day whose midnight is
 * skipped starts at the change; a time the clocks show twice is its first.
 */
function fromWallTime(wall: number, timeZone: string): Date {
  const wallSeconds = Math.floor(wall / 1000) * 1000;
  // The offsets a day before and after: the same unless the clocks change in between.
  const before = offsetAt(wallSeconds - DAY_MS, timeZone);
  const after = offsetAt(wallSeconds + DAY_MS, timeZone);
  // Those of the two readings at which the clocks do show the wall time: none in a gap, both in an overlap.
  const shown = [wallSeconds - before, wallSeconds - after].filter((t) => t + offsetAt(t, timeZone) === wallSeconds);
  const instant = shown.length > 0 ? Math.min(...shown) : wallSeconds - before;
  return new Date(instant + wall - wallSeconds);
}

/** The instant of local midnight starting the given yyyy-mm-dd. */
export function startOfBusinessDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return fromWallTime(Date.UTC(y, m - 1, d), timeZone);
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 0 = Sunday … 6 = Saturday, in the business zone. */
export function businessWeekday(at: Date, timeZone: string): number {
  return parts(at, timeZone).weekday;
}

/** Cafe orders are refused on Friday from 12:00 business time. */
export function isFridayAfternoon(at: Date, timeZone: string): boolean {
  const p = parts(at, timeZone);
  return p.weekday === 5 && p.hour >= 12;
}

/** When isFridayAfternoon next changes: the coming Friday's 12:00, or the midnight ending a Friday afternoon. */
export function nextFridayAfternoonChange(at: Date, timeZone: string): Date {
  const today = businessDay(at, timeZone);
  if (isFridayAfternoon(at, timeZone)) return startOfBusinessDay(addDays(today, 1), timeZone);
  const friday = addDays(today, (5 - businessWeekday(at, timeZone) + 7) % 7);
  const [y, m, d] = friday.split('-').map(Number) as [number, number, number];
  return fromWallTime(Date.UTC(y, m - 1, d, 12), timeZone);
}

/**
 * How far a clock must run behind `now` so that the next `withinMs` of it never reach a Friday afternoon,
 * when the cafe takes no orders: a day (the Thursday has no time rule), or nothing. For test runs that
 * order coffee at the real time.
 */
export function shiftClearOfFridayAfternoon(now: Date, timeZone: string, withinMs: number): number {
  const near = isFridayAfternoon(now, timeZone) || isFridayAfternoon(new Date(now.getTime() + withinMs), timeZone);
  return near ? 24 * 3600 * 1000 : 0;
}

/**
 * A date query parameter: a bare date is midnight in the business zone, a date-time with an offset an
 * instant, and one without an offset the business zone's wall-clock time (never the server's own zone).
 */
export function parseDateParam(value: string, timeZone: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return startOfBusinessDay(value, timeZone);
  if (/(?:z|[+-]\d{2}(?::?\d{2})?)$/i.test(value)) return new Date(value);
  return fromWallTime(Date.parse(`${value}Z`), timeZone);
}
