import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { getTokens, readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage.js';

const MAX_AGE_MS = 24 * 3600_000;
const SAVE_DELAY_MS = 500;

/** When this page started: data older than this was restored from storage, not fetched now. */
export const SESSION_STARTED_AT = Date.now();

/** What the app may show offline, labelled with its age: the queues, the shop, the menu, the config. */
function worthKeeping(query: Query): boolean {
  if (query.state.status !== 'success') return false;
  const [root, sub] = query.queryKey;
  if (root === 'orders') return sub === 'mine' || sub === 'count' || sub === 'board';
  return root === 'shop' || root === 'config' || (root === 'catalog' && sub === 'categories');
}

interface Saved {
  savedAt: number;
  state: DehydratedState;
}

/**
 * Restores the last answers this browser saw (each keeps its own dataUpdatedAt, so screens can say
 * "as of 10:42"), then keeps storage in step with the cache. Never used to pretend data is fresh:
 * queries restored here are stale at once and refetch as soon as there is a network.
 */
export function persistQueries(client: QueryClient): () => void {
  const raw = readStorage(STORAGE_KEYS.queryCache);
  if (raw) {
    try {
      const saved = JSON.parse(raw) as Saved;
      if (Date.now() - saved.savedAt < MAX_AGE_MS) {
        hydrate(client, saved.state);
        // Stale whatever the clock says (staleTime compares clocks): every screen refetches what it shows.
        void client.invalidateQueries({ refetchType: 'none' });
      }
    } catch {
      removeStorage(STORAGE_KEYS.queryCache);
    }
  }
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    const state = dehydrate(client, { shouldDehydrateQuery: worthKeeping });
    // Signed out (an answer may land after logout cleared storage, or the login page asks for the config):
    // nothing is kept for the next person on this phone, as logout left it.
    if (!getTokens().refreshToken || state.queries.length === 0) removeStorage(STORAGE_KEYS.queryCache);
    else writeStorage(STORAGE_KEYS.queryCache, JSON.stringify({ savedAt: Date.now(), state } satisfies Saved));
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !worthKeeping(event.query)) return;
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
