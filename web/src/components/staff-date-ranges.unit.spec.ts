import { describe, expect, it } from 'vitest';
import { dashboardRange, lastDaysRange, monthRange, todayRange, weekRange } from './staff-date-ranges.js';

const TZ = 'Asia/Bangkok';
// 2026-11-18 is a Wednesday.
const wednesday = new Date('2026-11-18T03:00:00Z');

describe('date ranges in the business time zone', () => {
  it('today runs from today to tomorrow', () => {
    expect(todayRange(wednesday, TZ)).toEqual({ startDate: '2026-11-18', endDate: '2026-11-19' });
  });

  it('uses the business day, not the UTC day', () => {
    // 18:00 UTC on the 18th is already the 19th in Bangkok.
    expect(todayRange(new Date('2026-11-18T18:00:00Z'), TZ).startDate).toBe('2026-11-19');
  });

  it('the week runs Monday to Saturday', () => {
    expect(weekRange(wednesday, TZ)).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(weekRange(new Date('2026-11-16T03:00:00Z'), TZ).startDate).toBe('2026-11-16');
    expect(weekRange(new Date('2026-11-21T03:00:00Z'), TZ).startDate).toBe('2026-11-16');
  });

  it('a Sunday belongs to the week before it', () => {
    expect(weekRange(new Date('2026-11-22T03:00:00Z'), TZ).startDate).toBe('2026-11-16');
  });

  it('the month runs from the first to the same date next month', () => {
    expect(monthRange(wednesday, TZ)).toEqual({ startDate: '2026-11-01', endDate: '2026-12-18' });
    expect(monthRange(new Date('2026-12-10T03:00:00Z'), TZ)).toEqual({
      startDate: '2026-12-01',
      endDate: '2027-01-10',
    });
    expect(monthRange(new Date('2027-01-31T03:00:00Z'), TZ)).toEqual({
      startDate: '2027-01-01',
      endDate: '2027-02-28',
    });
  });

  it('dashboardRange picks the period', () => {
    expect(dashboardRange('today', wednesday, TZ).startDate).toBe('2026-11-18');
    expect(dashboardRange('week', wednesday, TZ).startDate).toBe('2026-11-16');
    expect(dashboardRange('month', wednesday, TZ).startDate).toBe('2026-11-01');
  });

  it('last N days include today; all time has no bounds', () => {
    expect(lastDaysRange(7, wednesday, TZ)).toEqual({ startDate: '2026-11-12', endDate: '2026-11-19' });
    expect(lastDaysRange(1, wednesday, TZ)).toEqual({ startDate: '2026-11-18', endDate: '2026-11-19' });
    expect(lastDaysRange(null, wednesday, TZ)).toEqual({});
  });
});
