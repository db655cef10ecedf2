import { describe, expect, it } from 'vitest';
import { businessHour } from '@drinks/contracts';
import { estimateWait, MIN_SAMPLES, placementHour, quantile, type WaitSample } from './prep-times.js';

const sample = (minutes: number, queueAhead = 0): WaitSample => ({ waitSeconds: minutes * 60, queueAhead });

describe('estimateWait', () => {
  describe('when there are fewer than MIN_SAMPLES completed orders', () => {
    it('shows no estimate', () => {
      expect(MIN_SAMPLES).toBe(8);
      expect(estimateWait({ queueAhead: 0, samples: [] })).toBeNull();
      expect(estimateWait({ queueAhead: 2, samples: Array.from({ length: 7 }, () => sample(3)) })).toBeNull();
    });
  });

  describe('when every past order waited the same', () => {
    it('gives a one-minute range around it', () => {
      expect(estimateWait({ queueAhead: 0, samples: Array.from({ length: 8 }, () => sample(4)) })).toEqual({
        lowMinutes: 4,
        highMinutes: 5,
      });
    });
  });

  describe('when past waits are spread', () => {
    const samples = Array.from({ length: 40 }, (_, i) => sample(2 + (i % 10)));
    it('covers the middle 90% of them, as wide as they spread', () => {
      expect(estimateWait({ queueAhead: 0, samples })).toEqual({ lowMinutes: 2, highMinutes: 11 });
    });
  });

  describe('when the queue is longer than in the past orders', () => {
    it('scales the waits with the number of orders ahead', () => {
      const samples = Array.from({ length: 20 }, () => sample(3, 0));
      expect(estimateWait({ queueAhead: 3, samples })).toEqual({ lowMinutes: 12, highMinutes: 13 });
    });
  });

  describe('when past orders had different queues', () => {
    it('rests on those whose queue was most like this one', () => {
      const samples = [
        ...Array.from({ length: 40 }, () => sample(2, 0)),
        ...Array.from({ length: 40 }, () => sample(20, 4)),
      ];
      expect(estimateWait({ queueAhead: 4, samples })).toEqual({ lowMinutes: 20, highMinutes: 21 });
      expect(estimateWait({ queueAhead: 0, samples })).toEqual({ lowMinutes: 2, highMinutes: 3 });
      expect(estimateWait({ queueAhead: -1, samples })).toEqual({ lowMinutes: 2, highMinutes: 3 });
    });
  });
});

describe('quantile', () => {
  it('interpolates between the neighbouring values', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBeCloseTo(9.1);
    expect(quantile([7], 0.9)).toBe(7);
  });
});

describe('placementHour', () => {
  it('equals businessHour across zones, half-hour offsets and DST changes', () => {
    const zones = [
      'Asia/Bangkok',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'UTC',
    ];
    const start = Date.parse('2024-01-01T00:00:00.000Z');
    for (const zone of zones) {
      for (let t = start; t < start + 366 * 86_400_000; t += 7 * 3_600_000 + 13 * 60_000 + 17_000) {
        expect(placementHour(new Date(t), zone)).toBe(businessHour(new Date(t), zone));
        // Answered from the minute's cache: the same hour at the minute's first and last millisecond.
        const minute = t - (t % 60_000);
        for (const at of [minute, minute + 59_999])
          expect(placementHour(new Date(at), zone)).toBe(businessHour(new Date(at), zone));
      }
    }
  });
});
