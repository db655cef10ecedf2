import { useConfig, serverNow } from '../lib/config.js';
import { useToday } from '../lib/use-business-day.js';

/**
 * The business time zone and the clock the staff screens compute ranges with; the caller renders
 * again when the business day turns, so its "today" is the new day's.
 */
export function useBusinessClock(): { timeZone: string; now: () => Date } {
  const { businessTimeZone } = useConfig();
  useToday();
  return { timeZone: businessTimeZone, now: serverNow };
}
