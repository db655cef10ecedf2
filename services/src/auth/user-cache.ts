import type { User } from '@drinks/contracts';

export interface UserCache {
  /** The user as the users projection had it at most `ttlMs` ago (or since the last `invalidate`). */
  current(id: string): Promise<User | null>;
  /** Forgets every entry: called once the users projection has committed a change. */
  invalidate(): void;
}

/**
 * The per-request check of who is calling, without a database read per request.
 *
 * Invariant: a change to a user (role, disabled, tokens-not-before) is seen by the check at most
 * `ttlMs` after the users projection committed it, in any process; in the process whose projector
 * applied it, before any command waiting for that change answers (the projector invalidates the
 * cache after its commit and before it wakes waiters). Revocation therefore takes effect within
 * `ttlMs` cluster-wide and at once where the change was projected.
 */
export function createUserCache(load: (id: string) => Promise<User | null>, ttlMs = 1000, maxEntries = 10_000) {
  let entries = new Map<string, { user: Promise<User | null>; until: number }>();
  return {
    current(id: string) {
      const now = performance.now();
      const hit = entries.get(id);
      if (hit && hit.until > now) return hit.user;
      if (entries.size >= maxEntries) entries = new Map();
      const user = load(id);
      // A failed read is not remembered.
      user.catch(() => entries.delete(id));
      entries.set(id, { user, until: now + ttlMs });
      return user;
    },
    invalidate() {
      entries = new Map();
    },
  } satisfies UserCache;
}
