import { useEffect, useEffectEvent } from 'react';
import { signedInUserId } from './storage.js';

/** One form's draft at a time: the one on screen when the page went away. */
const KEY = 'reloadDraft';

interface Kept<T> {
  path: string;
  userId: string | null;
  draft: T;
}

function reloaded(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload';
}

/**
 * The draft the form at this address held when the page was reloaded (Reload on 'Update available', a pull to
 * refresh after a lost connection), for the same person; null on any other visit. Read once, at the form's
 * first render: what is kept is removed as it is read.
 */
export function takeReloadedDraft<T>(path: string): T | null {
  let kept: Kept<T> | null;
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    kept = raw ? (JSON.parse(raw) as Kept<T>) : null;
  } catch {
    return null; // storage unavailable, or not ours
  }
  if (!kept || kept.path !== path || kept.userId !== signedInUserId() || !reloaded()) return null;
  return kept.draft;
}

/** Keeps the form's draft, as it is when the page goes away, for takeReloadedDraft after a reload. */
export function useKeepDraftOnReload<T>(path: string, draft: T): void {
  const keep = useEffectEvent(() => {
    const kept: Kept<T> = { path, userId: signedInUserId(), draft };
    try {
      sessionStorage.setItem(KEY, JSON.stringify(kept));
    } catch {
      /* storage unavailable or full: the form opens empty, as it did */
    }
  });
  useEffect(() => {
    const onHide = () => keep();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, []);
}
