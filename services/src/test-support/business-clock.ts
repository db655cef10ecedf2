import { shiftClearOfFridayAfternoon } from '@drinks/contracts';

/**
 * The servers the tests start run at real time, but a day behind while Friday noon (from which the cafe takes
 * no orders) is within two hours, longer than a whole `make test`: suites that order coffee pass on any day.
 * Tests of the time rules pin clocks of their own. (web/e2e/support/business-clock.ts does the same there.)
 */
const SHIFT_MS = shiftClearOfFridayAfternoon(new Date(), 'Asia/Bangkok', 2 * 3600 * 1000);

/** The time of the test servers' clocks: what a test compares their business day with. */
export const testNow = (): Date => new Date(Date.now() - SHIFT_MS);

/** The clock for a server in this process, when the real one would not do. */
export const shiftedClock: (() => Date) | undefined = SHIFT_MS === 0 ? undefined : testNow;

/** FAKE_NOW for a server in another process, when the real time would not do. */
export const shiftedFakeNow = (): Record<string, string> =>
  SHIFT_MS === 0 ? {} : { FAKE_NOW: testNow().toISOString() };
