import { useConfig, serverNow } from '../lib/config.js';

/** The business time zone and the clock the staff screens compute ranges with. */
export function useBusinessClock(): { timeZone: string; now: () => Date } {
  const { businessTimeZone } = useConfig();
  return { timeZone: businessTimeZone, now: serverNow };
}
