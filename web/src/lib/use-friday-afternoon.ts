import { isFridayAfternoon, nextFridayAfternoonChange } from '@drinks/contracts';
import { useEffect, useState } from 'react';
import { serverNow } from './config.js';

/** setTimeout's longest wait (about 24.8 days); a week is well inside it. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Whether the cafe takes no orders now (Friday from 12:00 business time), answered anew at 12:00 and at
 * the midnight after: a menu or a form left open across noon turns to the closed state by itself.
 */
export function useFridayAfternoon(timeZone: string): boolean {
  const [checks, setChecks] = useState(0);
  const now = serverNow();
  const closing = isFridayAfternoon(now, timeZone);
  useEffect(() => {
    const wait = nextFridayAfternoonChange(serverNow(), timeZone).getTime() - serverNow().getTime();
    // At least a second: a timer firing early (the phone slept, the clock moved) checks again, never spins.
    const t = setTimeout(() => setChecks((n) => n + 1), Math.min(Math.max(wait, 1000), LONGEST_TIMEOUT_MS));
    return () => clearTimeout(t);
  }, [timeZone, checks]);
  return closing;
}
