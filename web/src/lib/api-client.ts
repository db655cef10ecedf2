import { READ_POSITION_HEADER, type Tokens } from '@drinks/contracts';
import { isOnline, reportServerAnswer } from './online.js';
import { readPositions } from './read-positions.js';
import { getTokens, refreshRetryKey, saveTokens } from './storage.js';

export class ApiError extends Error {
  status: number;
  code?: string;
  detail?: string;
  /** A 429's Retry-After, in seconds. */
  retryAfterSeconds?: number;
  constructor(status: number, message: string, code?: string, detail?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (code !== undefined) this.code = code;
    if (detail !== undefined) this.detail = detail;
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
}

const BASE = '/api';
let refreshing: Promise<RefreshOutcome> | null = null;

/** The URL of an API path as the client asks for it (`/config` → `/api/config`). */
export function buildUrl(path: string, query?: Record<string, string | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) qs.set(k, v);
  const s = qs.toString();
  return `${BASE}${path}${s ? `?${s}` : ''}`;
}

/**
 * Every call also tells whether the server answers (the offline banner's 'cannot be reached'): a call that
 * got no answer while the phone has a network says so at once, where the live socket found out only when
 * the server closed it, seconds after its first refused request.
 */
async function send(path: string, options: ApiOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const { accessToken } = getTokens();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    reportServerAnswer(res);
    return res;
  } catch (err) {
    if (err instanceof TypeError && isOnline()) reportServerAnswer(null);
    throw err;
  }
}

/**
 * A refresh's outcome: new tokens saved, the server said no to the refresh token (the session is over), or no
 * usable answer: none, or an error of the server's own (the tokens are kept for a retry).
 */
export type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable';

const sessionRefusedListeners = new Set<() => void>();

/**
 * Calls `listener` when a call's token refresh is refused (account disabled, signed out elsewhere, token
 * family revoked): without it the app retried every call it makes, for as long as it stayed open.
 */
export function onSessionRefused(listener: () => void): () => void {
  sessionRefusedListeners.add(listener);
  return () => sessionRefusedListeners.delete(listener);
}

/**
 * One refresh for every concurrent 401, and one across tabs: a refresh token works once, and a
 * second use revokes the whole family, so tabs take turns and reuse a pair another tab just got.
 */
export function refreshTokens(staleAccessToken?: string | null): Promise<RefreshOutcome> {
  if (!refreshing) {
    refreshing = withTabLock(async (): Promise<RefreshOutcome> => {
      if (staleAccessToken !== undefined && getTokens().accessToken !== staleAccessToken) return 'refreshed';
      const { refreshToken } = getTokens();
      if (!refreshToken) return 'refused';
      let tokens: Tokens;
      try {
        const res = await fetch(`${BASE}/auth/refresh-token`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'Idempotency-Key': refreshRetryKey(refreshToken),
          },
          body: JSON.stringify({ refreshToken }),
        });
        if (res.status === 400 || res.status === 401 || res.status === 403) return 'refused';
        if (!res.ok) return 'unreachable';
        tokens = (await res.json()) as Tokens;
      } catch {
        return 'unreachable';
      }
      saveTokens(tokens);
      return 'refreshed';
    }).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

function withTabLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('drinks-token-refresh', fn) as Promise<T>) : fn();
}

async function toError(res: Response): Promise<ApiError> {
  let body: { title?: string; code?: string; detail?: string } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* not JSON */
  }
  const error = new ApiError(res.status, body.detail ?? body.title ?? res.statusText, body.code, body.detail);
  const retryAfter = Number(res.headers.get('Retry-After') ?? Number.NaN);
  if (Number.isFinite(retryAfter)) error.retryAfterSeconds = retryAfter;
  return error;
}

/** A call's successful answer (one refresh on a 401), or its error thrown. */
async function request(path: string, options: ApiOptions): Promise<Response> {
  const usedAccessToken = getTokens().accessToken;
  let res = await send(path, options);
  const isAuthCall = path.startsWith('/auth/');
  if (res.status === 401 && !isAuthCall && getTokens().refreshToken) {
    const outcome = await refreshTokens(usedAccessToken);
    if (outcome === 'refreshed') res = await send(path, options);
    else if (outcome === 'refused') for (const l of sessionRefusedListeners) l();
    // No usable answer is a network failure for the caller (shown as offline), not a refusal.
    else if (outcome === 'unreachable') throw new TypeError('The token refresh got no answer.');
  }
  if (!res.ok) throw await toError(res);
  if ((options.method ?? 'GET') === 'GET') readPositions.note(res.headers.get(READ_POSITION_HEADER));
  return res;
}

async function bodyOf<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return bodyOf<T>(await request(path, options));
}

/** Every row of a list the server answers in capped pages: follows `Link: <…>; rel="next"` until there is none. */
export async function apiAllPages<T>(path: string, options: ApiOptions = {}): Promise<T[]> {
  const rows: T[] = [];
  let res = await request(path, options);
  for (;;) {
    rows.push(...(await bodyOf<T[]>(res)));
    const next = nextPagePath(res.headers.get('Link'));
    if (next === null) return rows;
    res = await request(next, { ...options, query: {} });
  }
}

/** The `rel="next"` target of a Link header as a path under BASE, its query kept as the server wrote it. */
function nextPagePath(link: string | null): string | null {
  const target = link?.match(/<([^>]*)>[^,]*;\s*rel="?next"?/)?.[1];
  if (target === undefined) return null;
  const url = new URL(target, 'http://api.invalid');
  if (!url.pathname.startsWith(`${BASE}/`)) throw new Error(`Unexpected next page: ${target}`);
  return `${url.pathname.slice(BASE.length)}${url.search}`;
}
