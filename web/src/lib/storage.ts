import { newId } from './new-id.js';

// Local storage keys of customer-side.md §3 (popup keys belong to the staff side), and the offline cache.
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  bannerVisible: 'bannerVisible',
  bannerShown: 'bannerShown',
  favOrder: 'favOrder',
  /** The last answers seen, shown offline with their age (lib/query-persistence.ts). */
  queryCache: 'queryCache',
  /** The signed-in user as last confirmed by the server, for opening the app offline. */
  lastUser: 'lastUser',
  /** The Idempotency-Key of the refresh under way, kept for its retry (lib/api-client.ts). */
  refreshKey: 'refreshKey',
  /** Whose pushes this browser's push subscription was saved for (features/push): cleared with the rest. */
  pushOwner: 'pushOwner',
  /** An order sent whose answer never came, with its Idempotency-Key, for its retry (features/order-form). */
  unansweredOrder: 'unansweredOrder',
  /** The CSS of MUI's styles this browser has made, written into the page at the next start (lib/kept-styles.ts). */
  styles: 'styles',
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch (err) {
    console.error('storage write failed', key, err);
  }
}

export function removeStorage(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* storage unavailable */
  }
}

export function clearStorage(): void {
  try {
    localStorage.clear();
  } catch {
    /* storage unavailable */
  }
}

export function getTokens(): { accessToken: string | null; refreshToken: string | null } {
  return { accessToken: readStorage(STORAGE_KEYS.accessToken), refreshToken: readStorage(STORAGE_KEYS.refreshToken) };
}

/** Who the stored access token speaks for (its `sub`), read without verifying: the server does that. */
export function signedInUserId(): string | null {
  const payload = getTokens().accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const sub = (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * The key every attempt to trade this refresh token sends: a retry after a lost answer repeats the call
 * and gets the pair the server already gave, where a second use without it would sign the user out.
 */
export function refreshRetryKey(refreshToken: string): string {
  const tag = refreshToken.slice(-12);
  const [storedTag, key] = (readStorage(STORAGE_KEYS.refreshKey) ?? '').split(' ');
  if (storedTag === tag && key) return key;
  const fresh = newId();
  writeStorage(STORAGE_KEYS.refreshKey, `${tag} ${fresh}`);
  return fresh;
}

export function saveTokens(t: { accessToken: string; refreshToken: string }): void {
  writeStorage(STORAGE_KEYS.accessToken, t.accessToken);
  writeStorage(STORAGE_KEYS.refreshToken, t.refreshToken);
}
