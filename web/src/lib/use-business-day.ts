import { businessDay } from '@drinks/contracts';
import { useSyncExternalStore } from 'react';
import { serverNow, useConfig } from './config.js';

const CHECK_MS = 30_000;

// One timer and one visibility listener for every subscriber (each order card on a page subscribes);
// React compares each subscriber's snapshot and renders only those whose day changed.
const subscribers = new Set<() => void>();
let stopWatching: (() => void) | null = null;

function notifyAll(): void {
  for (const onChange of subscribers) onChange();
}

function watch(): () => void {
  const timer = setInterval(notifyAll, CHECK_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') notifyAll();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Asks `onChange` to look at the day again every half minute and when the page comes back into view. */
function subscribe(onChange: () => void): () => void {
  subscribers.add(onChange);
  stopWatching ??= watch();
  return () => {
    subscribers.delete(onChange);
    if (subscribers.size === 0) {
      stopWatching?.();
      stopWatching = null;
    }
  };
}

/**
 * Today's business date (yyyy-mm-dd), by the server's clock; its caller renders again when the day
 * turns, so a dashboard or board left open over midnight moves to the new day instead of fetching the
 * old one until a reload.
 */
export function useToday(): string {
  const { businessTimeZone } = useConfig();
  return useSyncExternalStore(subscribe, () => businessDay(serverNow(), businessTimeZone));
}
