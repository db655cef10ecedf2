import { describe, expect, it } from 'vitest';
import {
  businessDay,
  businessHour,
  businessWeekday,
  nextFridayAfternoonChange,
  parseDateParam,
  shiftClearOfFridayAfternoon,
} from './business-time.js';

/** What Intl itself says, field for field: the reference the cached offsets must match. */
function reference(at: Date, timeZone: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return {
    day: `${p.year}-${p.month}-${p.day}`,
    hour: Number(p.hour),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday!),
  };
}

// Zones with summer time (Berlin, New York, Lord Howe's half-hour shift), odd offsets (Kathmandu +5:45),
// none (Bangkok), and around the instants their clocks change.
const ZONES = ['Asia/Bangkok', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
const AROUND = [
  '2026-03-29T00:00:00Z',
  '2026-10-25T00:00:00Z',
  '2026-03-08T06:00:00Z',
  '2026-11-01T05:00:00Z',
  '2026-04-04T14:00:00Z',
  '2026-10-03T15:00:00Z',
];

describe('business time', () => {
  it('agrees with Intl minute by minute across clock changes in every kind of zone', () => {
    for (const timeZone of ZONES) {
      for (const start of AROUND) {
        for (let m = -180; m <= 180; m += 1) {
          const at = new Date(Date.parse(start) + m * 60_000 + 59_999);
          const want = reference(at, timeZone);
          expect({ timeZone, at, day: businessDay(at, timeZone) }).toEqual({ timeZone, at, day: want.day });
          expect({ timeZone, at, hour: businessHour(at, timeZone) }).toEqual({ timeZone, at, hour: want.hour });
          expect(businessWeekday(at, timeZone)).toBe(want.weekday);
        }
      }
    }
  });
});

describe('a date query parameter', () => {
  it('reads a bare date as business midnight, an offset as given, and a date-time without one in the business zone', () => {
    const iso = (v: string, zone = 'Asia/Bangkok') => parseDateParam(v, zone).toISOString();
    expect(iso('2026-11-27')).toBe('2026-11-26T17:00:00.000Z');
    expect(iso('2026-11-27T02:00:00Z')).toBe('2026-11-27T02:00:00.000Z');
    expect(iso('2026-11-27T02:00:00+07:00')).toBe('2026-11-26T19:00:00.000Z');
    expect(iso('2026-11-27T02:00:00')).toBe('2026-11-26T19:00:00.000Z');
    expect(iso('2026-11-27T02:00:00.250')).toBe('2026-11-26T19:00:00.250Z');
    expect(iso('2026-11-27T02:00')).toBe('2026-11-26T19:00:00.000Z');
    // Summer time: 12:30 in Berlin is 10:30Z in July, 11:30Z in November.
    expect(iso('2026-07-01T12:30:00', 'Europe/Berlin')).toBe('2026-07-01T10:30:00.000Z');
    expect(iso('2026-11-01T12:30:00', 'Europe/Berlin')).toBe('2026-11-01T11:30:00.000Z');
  });

  it('starts a day whose midnight the clocks skip at the first instant of that day', () => {
    // Santiago moves from -04 to -03 at 00:00 on Sunday 6 September 2026: that day starts at 01:00, 04:00Z.
    const santiago = 'America/Santiago';
    const start = parseDateParam('2026-09-06', santiago);
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(businessDay(start, santiago)).toBe('2026-09-06');
    expect(businessDay(new Date(start.getTime() - 1), santiago)).toBe('2026-09-05');
    expect(parseDateParam('2026-09-05', santiago).toISOString()).toBe('2026-09-05T04:00:00.000Z');
    expect(parseDateParam('2026-09-07', santiago).toISOString()).toBe('2026-09-07T03:00:00.000Z');
  });

  it('reads a wall time the clocks skip as the same time after the change, and a repeated one as its first', () => {
    // New York: 02:30 on 8 March 2026 does not exist (it reads 03:30 EDT); 01:30 on 1 November happens twice.
    const iso = (v: string) => parseDateParam(v, 'America/New_York').toISOString();
    expect(iso('2026-03-08T02:30:00')).toBe('2026-03-08T07:30:00.000Z');
    expect(iso('2026-11-01T01:30:00')).toBe('2026-11-01T05:30:00.000Z');
    expect(iso('2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(iso('2026-11-02')).toBe('2026-11-02T05:00:00.000Z');
  });

  it('starts every day of a year at its first instant, in zones with and without summer time', () => {
    for (const zone of [...ZONES, 'America/Santiago', 'America/Havana', 'Asia/Beirut']) {
      for (let d = 0; d < 366; d++) {
        const day = new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
        const start = parseDateParam(day, zone);
        expect({ zone, day, on: businessDay(start, zone) }).toEqual({ zone, day, on: day });
        expect({ zone, day, before: businessDay(new Date(start.getTime() - 1000), zone) }).not.toEqual({
          zone,
          day,
          before: day,
        });
      }
    }
  });
});

describe('a clock clear of Friday afternoon', () => {
  const DAY = 24 * 3600 * 1000;
  const shift = (iso: string) => shiftClearOfFridayAfternoon(new Date(iso), 'Asia/Bangkok', 2 * 3600 * 1000);
  it('runs a day behind from two hours before Friday noon to the end of Friday, else on time', () => {
    expect(shift('2026-11-26T19:00:00Z')).toBe(0); // Friday 02:00 in Bangkok
    expect(shift('2026-11-27T02:59:00Z')).toBe(0); // Friday 09:59
    expect(shift('2026-11-27T03:00:00Z')).toBe(DAY); // Friday 10:00
    expect(shift('2026-11-27T05:00:00Z')).toBe(DAY); // Friday 12:00
    expect(shift('2026-11-27T16:59:00Z')).toBe(DAY); // Friday 23:59
    expect(shift('2026-11-27T17:01:00Z')).toBe(0); // Saturday 00:01
  });
});

describe('when the Friday afternoon rule next changes', () => {
  const next = (iso: string, timeZone = 'Asia/Bangkok') =>
    nextFridayAfternoonChange(new Date(iso), timeZone).toISOString();
  it('is the coming Friday 12:00, the same Friday before noon', () => {
    expect(next('2026-11-26T19:00:00Z')).toBe('2026-11-27T05:00:00.000Z'); // Friday 02:00 in Bangkok
    expect(next('2026-11-27T04:59:59Z')).toBe('2026-11-27T05:00:00.000Z'); // Friday 11:59:59
    expect(next('2026-11-24T10:00:00Z')).toBe('2026-11-27T05:00:00.000Z'); // Tuesday
    expect(next('2026-11-27T17:00:00Z')).toBe('2026-12-04T05:00:00.000Z'); // Saturday 00:00
  });

  it('is the midnight ending it, during a Friday afternoon', () => {
    expect(next('2026-11-27T05:00:00Z')).toBe('2026-11-27T17:00:00.000Z'); // Friday 12:00 in Bangkok
    expect(next('2026-11-27T16:59:59Z')).toBe('2026-11-27T17:00:00.000Z'); // Friday 23:59:59
  });

  it('is noon on the wall clock across a change of offset', () => {
    // Europe/Berlin leaves summer time on Sunday 25 October 2026: Friday 30 October noon is 11:00 UTC.
    expect(next('2026-10-24T10:00:00Z', 'Europe/Berlin')).toBe('2026-10-30T11:00:00.000Z');
  });
});
