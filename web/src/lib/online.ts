import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a network; every order action is disabled while it has none. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Whether the browser says it has a network (true where there is no browser to ask). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/** A fetch that never reached the server (fetch rejects with a TypeError), as opposed to a refusal. */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError || !isOnline();
}

/**
 * Whether the server answers, as the live socket finds out: false once a socket could not get through
 * (the server down or restarting, its address unreachable) while the phone still has a network; true
 * again at the next socket's hello. Nothing is disabled by it: a page may still work without its socket.
 */
let serverReachable = true;
const reachListeners = new Set<() => void>();

/** What a proxy answers for a server behind it that is down or restarting. */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/**
 * What a request to the server found: an answer from it, or none (null). A 502-504 is a proxy's word for a
 * server down, unless the server said it itself: every answer of its own carries its X-Request-Id, and its one
 * 503 (a command saved while the read models lag, scaled out) is no reason to say it cannot be reached.
 */
export function reportServerAnswer(res: Response | null): void {
  reportServerReachable(res !== null && (!GATEWAY_DOWN.has(res.status) || res.headers.has('X-Request-Id')));
}

export function reportServerReachable(reachable: boolean): void {
  if (reachable === serverReachable) return;
  serverReachable = reachable;
  for (const listener of reachListeners) listener();
}

/** Whether the server answered when last asked (see useServerReachable), outside React. */
export function isServerReachable(): boolean {
  return serverReachable;
}

export function useServerReachable(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      reachListeners.add(onChange);
      return () => reachListeners.delete(onChange);
    },
    () => serverReachable,
    () => true,
  );
}

/** Asks the server whether it answers (the live socket could not get through, or a piece of code could not). */
export function probeServer(): Promise<void> {
  return fetch('/api/healthz', { cache: 'no-store' }).then(reportServerAnswer, () => reportServerAnswer(null));
}

/** The wait before a new try at reaching the server (a socket, a piece of code): 1 s, growing by half, at most 5 s. */
export function retryDelay(attempt: number): number {
  return Math.min(5000, 1000 * 1.5 ** attempt);
}
