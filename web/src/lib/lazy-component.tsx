import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { isOnline, isServerReachable, probeServer, retryDelay } from './online.js';

/**
 * A component whose code loads when it first renders, without Suspense: until the code is in, the
 * `fallback` shows as plain content. React.lazy suspends on a component's first render, even when its
 * module has arrived, and once React has shown a Suspense fallback it holds back the content of every
 * boundary that suspends for 300 ms (its Suspense throttle): a piece loaded beside a screen delayed the
 * screen. routes.tsx builds its screens on it too.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        loading = undefined; // asked for again on the next mount
        throw err;
      },
    ));

  function LazyComponent(props: P & { fallback?: ReactNode }) {
    const { fallback = null, ...rest } = props;
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown; attempt?: number }>(() =>
      loaded ? { component: loaded } : {},
    );
    useEffect(() => {
      if (state.component || state.error) return;
      let live = true;
      preload().then(
        (component) => live && setState({ component }),
        (error: unknown) => {
          if (!live) return;
          // Offline before this code was ever fetched: it comes once the connection is back, rather than
          // an error page that stays after it is.
          if (!navigator.onLine) {
            window.addEventListener('online', () => live && setState({}), { once: true });
            return;
          }
          // The network is up. The server down or restarting (a Cancel tapped under 'The server cannot be
          // reached') is asked again until it serves the code. A server that answers and has no such code
          // has been given a new version since this page loaded: the page loads that version, once; only
          // a load that fails again right after is the error page's.
          void probeServer().then(() => {
            if (!live) return;
            if (isServerReachable()) return reloadIntoNewVersion() || setState({ error });
            const attempt = state.attempt ?? 0;
            setTimeout(() => live && setState({ attempt: attempt + 1 }), retryDelay(attempt));
          });
        },
      );
      return () => {
        live = false;
      };
    }, [state]);
    if (state.error) throw state.error; // to the nearest error boundary, as React.lazy would
    const Component = state.component;
    return Component ? <Component {...(rest as P)} /> : <>{fallback}</>;
  }
  return Object.assign(LazyComponent, { preload });
}

const RELOADED_AT = 'drinks:reloaded-for-new-version';

/** Reloads the page for a deploy's new scripts, unless it did so in the last half minute (then: false). */
function reloadIntoNewVersion(): boolean {
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < 30_000) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return false; // storage refused: no way to tell a second failure from the first
  }
  location.reload();
  return true;
}

/**
 * For code a page needs but shows nothing of (the live connection): a fetch that fails is tried again until it
 * succeeds instead of failing, and each failure while the phone has a network asks whether the server answers,
 * so the page says so meanwhile. Thrown, such an error replaced the whole app with the error page, and a server
 * restarting just after a page opened left it without live updates and without a word.
 */
export async function loadUntilIn<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (err) {
      if (isOnline()) void probeServer();
      console.warn('could not load a part of the app, trying again', err);
      await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
    }
  }
}
