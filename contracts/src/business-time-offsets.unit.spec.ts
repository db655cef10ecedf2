import { describe, expect, it } from 'vitest';
import { adoptZoneOffsets, businessDay, businessTimeOfDay, zoneOffsets } from './business-time.js';

/** Intl's own reading of an instant (yyyy-mm-dd HH:mm): the reference an adopted table must match. */
const intl = (timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

const HOUR = 3_600_000;

describe("a zone's offsets told by the server", () => {
  it('lists each change of offset at its instant, to the quarter hour', () => {
    // Given Berlin from March to November 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC
    const table = zoneOffsets('Europe/Berlin', new Date('2026-03-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));

    expect(table).toEqual({
      until: '2026-11-01T00:00:00.000Z',
      offsets: [
        { from: '2026-03-01T00:00:00.000Z', offsetMinutes: 60 },
        { from: '2026-03-29T01:00:00.000Z', offsetMinutes: 120 },
        { from: '2026-10-25T01:00:00.000Z', offsetMinutes: 60 },
      ],
    });
    // Lord Howe moves by half an hour, Kathmandu never moves from +5:45.
    expect(
      zoneOffsets('Australia/Lord_Howe', new Date('2026-03-01T00:00:00Z'), new Date('2026-05-01T00:00:00Z')).offsets,
    ).toEqual([
      { from: '2026-03-01T00:00:00.000Z', offsetMinutes: 660 },
      { from: '2026-04-04T15:00:00.000Z', offsetMinutes: 630 },
    ]);
    expect(
      zoneOffsets('Asia/Kathmandu', new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z')).offsets,
    ).toEqual([{ from: '2026-01-01T00:00:00.000Z', offsetMinutes: 345 }]);
  });

  it('reads days and times from an adopted table as Intl reads them, every quarter hour across both changes', () => {
    const zone = 'America/New_York';
    const from = new Date('2026-03-01T00:00:00Z');
    const until = new Date('2026-11-15T00:00:00Z');
    adoptZoneOffsets(zone, zoneOffsets(zone, from, until));
    const reference = intl(zone);

    for (let t = from.getTime(); t < until.getTime(); t += HOUR / 4) {
      const at = new Date(t);
      const [day, time] = reference.format(at).split(' ');
      expect(`${businessDay(at, zone)} ${businessTimeOfDay(at, zone)}`).toBe(`${day} ${time}`);
    }
  });

  it('uses the table where it covers, and Intl before and after it', () => {
    // Given a table that says Bangkok runs 8 hours ahead (it runs 7) on 1 June 2026 only
    adoptZoneOffsets('Asia/Bangkok', {
      until: '2026-06-02T00:00:00Z',
      offsets: [{ from: '2026-06-01T00:00:00Z', offsetMinutes: 480 }],
    });

    // Then inside it the table answers, outside Intl does
    expect(businessTimeOfDay(new Date('2026-06-01T17:30:00Z'), 'Asia/Bangkok')).toBe('01:30');
    expect(businessDay(new Date('2026-06-01T17:30:00Z'), 'Asia/Bangkok')).toBe('2026-06-02');
    expect(businessTimeOfDay(new Date('2026-05-31T23:45:00Z'), 'Asia/Bangkok')).toBe('06:45');
    expect(businessTimeOfDay(new Date('2026-06-02T00:00:00Z'), 'Asia/Bangkok')).toBe('07:00');
  });

  it('ignores a table it cannot read', () => {
    adoptZoneOffsets('Asia/Tokyo', { until: 'soon', offsets: [{ from: '2026-06-01T00:00:00Z', offsetMinutes: 0 }] });
    adoptZoneOffsets('Asia/Tokyo', { until: '2026-06-02T00:00:00Z', offsets: [] });

    expect(businessTimeOfDay(new Date('2026-06-01T03:00:00Z'), 'Asia/Tokyo')).toBe('12:00');
  });
});
