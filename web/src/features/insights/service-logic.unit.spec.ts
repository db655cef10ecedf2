import type { ServiceStats } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import { dayLabel, hourSeries, periodRange, serviceSummary } from './service-logic.js';

const stats: ServiceStats = {
  waitByDay: [
    { day: '2025-03-03', medianMinutes: 6, p90Minutes: 10, orders: 3 },
    { day: '2025-03-04', medianMinutes: 4, p90Minutes: 8, orders: 1 },
  ],
  waitByHour: [
    { hour: 9, medianMinutes: 5, p90Minutes: 9, orders: 2 },
    { hour: 11, medianMinutes: 7, p90Minutes: 12, orders: 2 },
  ],
  rejectionReasons: [
    { reason: 'Ingredient Unavailable', count: 2 },
    { reason: 'Machine Failure', count: 1 },
  ],
  cancellations: 4,
  busiestHours: [
    { hour: 11, orders: 5 },
    { hour: 9, orders: 2 },
  ],
  typeMix: [],
  sweetnessMix: [],
};

describe('service dashboard logic', () => {
  it('turns a period into an inclusive start and exclusive end day', () => {
    expect(periodRange('today', '2025-03-04')).toEqual({ startDate: '2025-03-04', endDate: '2025-03-05' });
    expect(periodRange('week', '2025-03-04')).toEqual({ startDate: '2025-02-26', endDate: '2025-03-05' });
  });

  it('sums up the period', () => {
    expect(serviceSummary(stats)).toEqual({
      completed: 4,
      rejected: 3,
      cancellations: 4,
      busiestHour: '11:00',
      typicalWait: 5.5,
    });
    expect(serviceSummary({ ...stats, waitByDay: [], busiestHours: [] }).typicalWait).toBeNull();
  });

  it('fills the hours between the first and last with zeros', () => {
    expect(hourSeries(stats.waitByHour).map((h) => [h.hour, h.median])).toEqual([
      ['09:00', 5],
      ['10:00', 0],
      ['11:00', 7],
    ]);
    expect(hourSeries([])).toEqual([]);
  });

  it('labels days shortly', () => {
    expect(dayLabel('2025-03-03')).toBe('3 Mar');
  });
});
