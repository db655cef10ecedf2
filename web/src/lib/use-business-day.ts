import { businessDay } from '@drinks/contracts';
import { useSyncExternalStore } from 'react';
import { serverNow } from './config.js';

const CHECK_MS = 30_000;

/** Asks `onChange` to look at the day again every half minute and when the page comes back into view. */
export function watchDayTurn(onChange: () => void, every = CHECK_MS): () => void {
  const timer = setInterval(onChange, every);
  const onVisible = () => {
    if (document.visibilityState === 'visible') onChange();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * Today's business date (yyyy-mm-dd), by the server's clock; its caller renders again when the day
 * turns, so a dashboard or board left open over midnight moves to the new day instead of fetching the
 * old one until a reload.
 */
export function useBusinessDay(timeZone: string): string {
  return useSyncExternalStore(watchDayTurn, () => businessDay(serverNow(), timeZone));
}
