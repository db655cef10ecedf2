import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Something open (a dialog) as a step of the browser's history, named `name` in the location's state: `show`
 * adds the step, the phone's Back or `close` takes it away, so Back closes it instead of leaving the screen.
 * Each is idempotent: a double tap adds one step, and two closes before the first is done (Back and an app's
 * own close, or a close after the screen has gone) take away one, never the screen's own entry.
 * While `keep` is false an open step is not shown and is taken away: what it showed is gone (a reload
 * forgot it, or it no longer applies).
 */
export function useHistoryStep(name: string, keep = true) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as Record<string, unknown>;
  const inHistory = state[name] === true;
  const open = inHistory && keep;
  const latest = useRef({ open: inHistory, key: location.key, mounted: true });
  // The location key a show or a close already acted from: nothing more until the location has moved on.
  const acted = useRef<string | null>(null);
  useLayoutEffect(() => {
    // Moved (Back to the entry a show left from has that entry's key again): free to act once more.
    if (latest.current.key !== location.key) acted.current = null;
    latest.current = { open: inHistory, key: location.key, mounted: true };
  });
  useEffect(
    () => () => {
      latest.current.mounted = false;
    },
    [],
  );
  const show = () => {
    const now = latest.current;
    if (!now.mounted || now.open || acted.current === now.key) return;
    acted.current = now.key;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { state: { ...state, [name]: true } },
    );
  };
  const close = () => {
    const now = latest.current;
    if (!now.mounted || !now.open || acted.current === now.key) return;
    acted.current = now.key;
    void navigate(-1);
  };
  useEffect(() => {
    if (inHistory && !keep) close();
  });
  return { open, show, close };
}
