import { describe, expect, it } from 'vitest';
import { runEstimateAccuracy } from '../../../scripts/bench/estimate-accuracy.js';

describe('wait estimates on a synthetic day of 300 orders', () => {
  it('hold the actual wait of at least 80% of the orders they were shown for', async () => {
    const result = await runEstimateAccuracy();
    console.log(
      `estimate accuracy: ${(result.share * 100).toFixed(1)}% of ${result.orders} orders inside the range shown ` +
        `(mean width ${result.meanWidthMinutes.toFixed(1)} min, ${result.withoutEstimate} without an estimate)`,
    );
    expect(result.orders).toBeGreaterThan(250);
    expect(result.withoutEstimate).toBe(0);
    expect(result.share).toBeGreaterThanOrEqual(0.8);
  });
});
