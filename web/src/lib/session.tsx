import type { ShopStatus, Tokens, User } from '@drinks/contracts';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { api, onSessionRefused, refreshTokens } from './api-client.js';
import { isNetworkFailure } from './online.js';
import { dropDevicePush } from './device-push.js';
import {
  clearStorage,
  getTokens,
  readStorage,
  saveTokens,
  signedInUserId,
  STORAGE_KEYS,
  writeStorage,
} from './storage.js';
import { queryKeys } from './query-keys.js';
import { paths } from './paths.js';

/** Both open until the server says otherwise (customer-side.md §9). */
const DEFAULT_SHOP: ShopStatus = { isBarOpen: true, isCafeOpen: true };
/** How long a refused session waits for another tab's Logout to clear the shared storage. */
const LOGOUT_SETTLE_MS = 400;

export const shopQuery = queryOptions({
  queryKey: queryKeys.shop,
  queryFn: () => api<ShopStatus>('/cafe-status'),
});

export interface Session {
  user: User | null;
  shop: ShopStatus;
  /** Whether the shop status has been read at least once. */
  shopLoaded: boolean;
  initialised: boolean;
  /** Signed out by the server, not by the person (account disabled, session revoked): the login page says so. */
  sessionEnded: boolean;
  /** Someone signed out in this tab (Logout, or the session ended) and nobody has signed in since. */
  signedOut: boolean;
  login(email: string, password: string): Promise<void>;
  /** Back from the company's sign-in page (/login?sso=done): takes the tokens the server holds for this browser. */
  completeCompanySignIn(): Promise<void>;
  logout(): Promise<void>;
  setUser(u: User | null): void;
  /** Asks the server again who is signed in (a role may have changed) and remembers it; the caller sets it. */
  recheckUser(): Promise<User>;
}

const SessionContext = createContext<Session | null>(null);

function looksUsable(token: string): boolean {
  return token.split('.').length === 3;
}

/** The user the server last confirmed on this browser; lets the app open offline without signing out. */
function lastKnownUser(): User | null {
  try {
    return JSON.parse(readStorage(STORAGE_KEYS.lastUser) ?? 'null') as User | null;
  } catch {
    return null;
  }
}

/**
 * `user` with the name and mailbox state `there` gives (the same person, seen by another tab or device), or
 * null when it is someone else or nothing changed.
 */
function followedUser(user: User, there: User): User | null {
  if (there.id !== user.id || (there.name === user.name && there.emailVerified === user.emailVerified)) return null;
  return { ...user, name: there.name, emailVerified: there.emailVerified };
}

type SignInAnswers = Promise<[User, ShopStatus]>;
const askSignIn = (): SignInAnswers => Promise.all([api<User>('/user/me'), api<ShopStatus>('/cafe-status')]);
let openingCheck: SignInAnswers | undefined;

/** What a confirmed sign-in keeps: the shop status for every screen, the user for opening offline. */
function remember(client: QueryClient, me: User, shop: ShopStatus): void {
  client.setQueryData(shopQuery.queryKey, shop);
  writeStorage(STORAGE_KEYS.lastUser, JSON.stringify(me));
}

/** The opening check's answer when it came before the first render: the session starts with it. */
let opened: User | undefined;

/**
 * Asks who is signed in while the app's code is still starting (main.tsx calls it before the first
 * render), not from an effect after that render: every screen of a signed-in person waits on it.
 * `screen` is the opening screen's code, loading meanwhile. Resolves once both are in (or the check
 * failed, which the session's first effect then handles): main.tsx renders then, so the first render
 * is the screen itself, with its user and shop status, instead of a loading screen and a second pass.
 */
export function startSessionCheck(client: QueryClient, screen: Promise<unknown> = Promise.resolve()): Promise<unknown> {
  const screenIn = screen.catch(() => undefined);
  const { accessToken } = getTokens();
  if (!accessToken || !looksUsable(accessToken)) return screenIn;
  openingCheck = askSignIn();
  const answered = openingCheck.then(
    ([me, shop]) => {
      remember(client, me, shop);
      opened = me;
    },
    () => undefined, // handled by the session's first check, which takes it
  );
  return Promise.all([screenIn, answered]);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(() => opened ?? null);
  const [initialised, setInitialised] = useState(() => opened !== undefined);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);
  const shopResult = useQuery(shopQuery);

  const signIn = useCallback(
    async (asked: SignInAnswers = askSignIn()) => {
      const [me, shop] = await asked;
      remember(queryClient, me, shop);
      setUser(me);
    },
    [queryClient],
  );

  /**
   * Forgets the signed-in user here (tokens, what was fetched for them, who they are) and goes to /login;
   * `ended`: the server ended the session, not the person, and the login page says so.
   */
  const leave = useCallback(
    (replace: boolean, ended = false) => {
      // The next person on this phone must not get this one's pushes: the server forgets the subscription on
      // a Logout it hears of, but not on one made offline or a session that ended; the browser's goes here.
      void dropDevicePush();
      clearStorage();
      queryClient.clear();
      setUser(null);
      setSessionEnded(ended);
      setSignedOut(true);
      void navigate(paths.login, { replace });
    },
    [navigate, queryClient],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (opened) {
      // Signed in before the first render (startSessionCheck): nothing left to ask. Used once: a
      // provider mounted again later asks the server afresh.
      opened = undefined;
      openingCheck = undefined;
      return;
    }
    void (async () => {
      const { accessToken, refreshToken } = getTokens();
      if (!accessToken && !refreshToken) {
        console.info('no token in storage');
        setInitialised(true);
        return;
      }
      try {
        if (!accessToken || !looksUsable(accessToken)) throw new Error('no usable access token');
        const opening = openingCheck;
        openingCheck = undefined;
        await signIn(opening);
      } catch (err) {
        console.warn('sign-in failed', err);
        const known = lastKnownUser();
        // Offline: keep the session and show what was last seen; the server checks it once back online.
        const stayOffline = (user: User) => {
          setUser(user);
          setInitialised(true);
          window.addEventListener('online', () => void signIn().catch((e) => console.warn('sign-in failed', e)), {
            once: true,
          });
        };
        if (isNetworkFailure(err) && known) return stayOffline(known);
        // Another try of a refresh whose answer was lost gets the same pair (its Idempotency-Key); one that
        // gets no answer again is offline too, not a reason to throw a good session away.
        const outcome = getTokens().refreshToken ? await refreshTokens() : 'refused';
        if (outcome === 'unreachable' && known) return stayOffline(known);
        if (outcome !== 'refreshed') {
          leave(true, outcome === 'refused');
          setInitialised(true);
          return;
        }
        try {
          await signIn();
        } catch (retryErr) {
          console.warn('sign-in after refresh failed', retryErr);
          leave(true);
        }
      }
      setInitialised(true);
    })();
  }, [leave, signIn]);

  // Signed out in another tab (the tokens are shared): this one follows at once, rather than showing what
  // it last knew with buttons that can only fail. Renamed, or the mailbox confirmed, in another tab: this one
  // follows too (not the role: a role change goes through the live socket, which moves the screens with it).
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      const signedOut = (e.key === null || e.key === STORAGE_KEYS.refreshToken) && !getTokens().refreshToken;
      if (signedOut && user) leave(true);
      // Someone else signed in in another tab (the tokens are shared): this tab opens afresh as them, on their
      // home, rather than show one person while its calls go out as another.
      const someoneElse = signedInUserId();
      const tokenChanged = e.key === null || e.key === STORAGE_KEYS.accessToken;
      if (tokenChanged && initialised && someoneElse && someoneElse !== user?.id)
        window.location.replace(paths.landing);
      if (e.key === STORAGE_KEYS.lastUser && user) {
        const there = lastKnownUser();
        const followed = there && followedUser(user, there);
        if (followed) setUser(followed);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [initialised, leave, user]);

  // Renamed, or the mailbox confirmed, on another device: this one follows when it is looked at again (the
  // browser's window focused, the phone's app brought back), as the other tabs of this browser do at once.
  useEffect(() => {
    if (!user) return;
    let asking = false;
    const onReturn = () => {
      if (asking || document.visibilityState !== 'visible') return;
      asking = true;
      api<User>('/user/me')
        .then((me) => {
          if (!followedUser(user, me)) return;
          writeStorage(STORAGE_KEYS.lastUser, JSON.stringify(me));
          setUser((was) => (was && followedUser(was, me)) ?? was);
        })
        .catch(() => undefined) // offline, or signed out meanwhile: the session's own checks say so
        .finally(() => (asking = false));
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [user]);

  // The server refused to renew the session while the app was open: it is over, here and in the other tabs.
  useEffect(
    () =>
      onSessionRefused(() => {
        if (!user) return clearStorage(); // still opening: the start-up check above takes it from here
        // A Logout in another tab ends the session on the server a moment before that tab clears the shared
        // storage: wait for it, so this tab does not call a person's own Logout "ended" by the server.
        const refused = getTokens().refreshToken;
        setTimeout(() => {
          const now = getTokens().refreshToken;
          if (now === null) leave(true);
          else if (now === refused) leave(true, true);
          // else another tab renewed or began a session meanwhile: the next call uses it
        }, LOGOUT_SETTLE_MS);
      }),
    [leave, user],
  );

  const adopt = useCallback(
    async (tokens: Tokens) => {
      saveTokens(tokens);
      setSessionEnded(false);
      setSignedOut(false);
      await signIn();
      setInitialised(true);
    },
    [signIn],
  );
  const login = useCallback(
    async (email: string, password: string) =>
      adopt(await api<Tokens>('/auth/v2/login', { method: 'POST', body: { email, password } })),
    [adopt],
  );
  const completeCompanySignIn = useCallback(
    async () => adopt(await api<Tokens>('/auth/oidc/session', { method: 'POST' })),
    [adopt],
  );

  const logout = useCallback(async () => {
    try {
      const id = user?.id ?? (await api<User>('/user/me')).id;
      await api(`/user/${id}/push/disable`, { method: 'PUT', body: { status: 'INACTIVE' } });
    } catch (err) {
      console.warn('logout: could not mark the user inactive', err);
    }
    leave(false);
  }, [leave, user]);

  const recheckUser = useCallback(async () => {
    const me = await api<User>('/user/me');
    writeStorage(STORAGE_KEYS.lastUser, JSON.stringify(me));
    return me;
  }, []);

  /** Sets the signed-in user and remembers it: for opening offline, and for the other tabs of this browser. */
  const adoptUser = useCallback((u: User | null) => {
    if (u) writeStorage(STORAGE_KEYS.lastUser, JSON.stringify(u));
    setUser(u);
  }, []);

  const value = useMemo<Session>(
    () => ({
      user,
      shop: shopResult.data ?? DEFAULT_SHOP,
      shopLoaded: shopResult.data !== undefined,
      initialised,
      sessionEnded,
      signedOut,
      login,
      completeCompanySignIn,
      logout,
      setUser: adoptUser,
      recheckUser,
    }),
    [
      user,
      shopResult.data,
      initialised,
      sessionEnded,
      signedOut,
      login,
      completeCompanySignIn,
      logout,
      adoptUser,
      recheckUser,
    ],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** For screens that may render outside the provider (the root error screen). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}
