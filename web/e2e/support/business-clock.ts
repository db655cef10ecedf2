import { shiftClearOfFridayAfternoon } from '@drinks/contracts';

/** As services/src/test-support/business-clock.ts: a day behind while Friday noon is within two hours. */
const SHIFT_MS = shiftClearOfFridayAfternoon(new Date(), 'Asia/Bangkok', 2 * 3600 * 1000);

/** The time of the app's clock in these tests (FAKE_NOW below when it is not the real one). */
export const testNow = (): Date => new Date(Date.now() - SHIFT_MS);

export const shiftedFakeNow = (): Record<string, string> =>
  SHIFT_MS === 0 ? {} : { FAKE_NOW: testNow().toISOString() };
