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

function parts(at: Date, timeZone: string) {
  const ms = at.getTime();
  if (!Number.isFinite(ms)) return formattedParts(at, timeZone);
  const key = `${timeZone}|${Math.floor(ms / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const p = formattedParts(new Date(Math.floor(ms / 1000) * 1000), timeZone);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
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
