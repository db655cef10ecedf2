import { describe, expect, it } from 'vitest';
import { estimateWait, priorEstimate } from './wait-estimate.js';

describe('the first guess of a wait', () => {
  describe('when no order was ever completed', () => {
    it('spans half to twice the configured minutes per order, for each order up to this one', () => {
      expect(priorEstimate({ queueAhead: 0, samples: [], defaultMinutesPerOrder: 4 })).toEqual({
        lowMinutes: 2,
        highMinutes: 8,
      });
      expect(priorEstimate({ queueAhead: 2, samples: [], defaultMinutesPerOrder: 4 })).toEqual({
        lowMinutes: 6,
        highMinutes: 24,
      });
    });
  });

  describe('when a few orders were completed', () => {
    const samples = [
      { waitSeconds: 120, queueAhead: 0 },
      { waitSeconds: 360, queueAhead: 2 },
      { waitSeconds: 600, queueAhead: 0 },
    ];
    it('rests on their median wait per order instead of the default', () => {
      // Per order: 120, 120 and 600 s; median 120 s = 2 min per order.
      expect(priorEstimate({ queueAhead: 1, samples, defaultMinutesPerOrder: 10 })).toEqual({
        lowMinutes: 2,
        highMinutes: 8,
      });
    });

    it('is there where the data-driven estimate still has nothing to say', () => {
      expect(estimateWait({ queueAhead: 1, samples })).toBeNull();
    });
  });

  it('always leaves a range of at least two minutes', () => {
    const tiny = priorEstimate({
      queueAhead: 0,
      samples: [{ waitSeconds: 10, queueAhead: 0 }],
      defaultMinutesPerOrder: 4,
    });
    expect(tiny.highMinutes - tiny.lowMinutes).toBeGreaterThanOrEqual(2);
  });
});
