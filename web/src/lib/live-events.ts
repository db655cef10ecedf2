import { LIVE_CLOSE_REFUSED, type LiveMessage } from '@drinks/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { applyOrderMessage } from './live-order-cache.js';
import { readPositions } from './read-positions.js';
import { getTokens } from './storage.js';
import { queryKeys } from './query-keys.js';
import { probeServer, reportServerReachable, retryDelay } from './online.js';

type Listener = (msg: LiveMessage) => void;
const listeners = new Set<Listener>();

/** For screens that react to messages themselves (e.g. the board's new-order sound). */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether a (re)connection may have missed something. On the page's first hello: anything appended before
 * it that the answers read so far do not reflect (`answersCover`, see read-positions.ts); later ones, when
 * the log moved past the last position this page heard of. The server advances its position for every
 * event, sent to us or not.
 */
export function missedSomething(lastSeen: number | null, helloPosition: number, answersCover: () => boolean): boolean {
  return lastSeen === null ? !answersCover() : helloPosition !== lastSeen;
}

type Check = (raw: unknown) => LiveMessage | null;
let check: Promise<Check> | undefined;

/** The contract's schema, and zod with it (25 KiB gzip): loaded by the first message that carries data. */
function fullCheck(): Promise<Check> {
  check ??= import('./live-message-check.js').then(
    (m) => m.checkLiveMessage,
    (err: unknown) => {
      check = undefined;
      throw err;
    },
  );
  return check;
}

/**
 * A message as the contract's schema reads it, or null. hello and ping, all a first screen usually gets, only
 * carry a position and are read without the schema, so zod is not part of the first screen.
 */
export async function readLiveMessage(raw: unknown): Promise<LiveMessage | null> {
  const { type, position, data } = (raw ?? {}) as { type?: unknown; position?: unknown; data?: unknown };
  if (Number.isSafeInteger(position) && typeof data === 'object' && data !== null) {
    const at = position as number;
    if (type === 'ping') return { type, position: at, data: {} };
    const { userId } = data as { userId?: unknown };
    if (type === 'hello' && typeof userId === 'string') return { type, position: at, data: { userId } };
  }
  return (await fullCheck())(raw);
}

const PING = JSON.stringify({ type: 'ping' });

/** A socket this long without a message is asked for a ping; one not answering within ANSWER_MS is given up. */
const QUIET_MS = 15_000;
const ANSWER_MS = 10_000;
const WATCH_MS = 5_000;

/**
 * Opens the live socket once (mounted in App) and keeps the query cache fresh. `onUserInDoubt`: who the user
 * is may have changed. The server closes a user's socket as refused when their role changes; a change while
 * the socket was down (its reconnection's hello) was never sent.
 */
export function useLiveEvents(userId: string | null, onUserInDoubt?: () => void): void {
  const queryClient = useQueryClient();
  const userInDoubt = useEffectEvent(() => onUserInDoubt?.());
  useEffect(() => {
    if (!userId) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let closed = false;
    let lastSeen: number | null = null;
    /** Asks the current socket for a sign of life now (a phone waking up); set while one is open. */
    let askNow: (() => void) | null = null;

    const invalidateAll = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.shop });
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all });
    };

    const handle = async (parsed: LiveMessage) => {
      if (parsed.type === 'hello') {
        if (lastSeen !== null) userInDoubt();
        // Whatever happened while we were not subscribed was never sent to us: refetch what is shown, once.
        const cover = () => readPositions.cover(parsed.position, invalidateAll);
        if (missedSomething(lastSeen, parsed.position, cover)) invalidateAll();
        lastSeen = parsed.position;
      } else if (parsed.type === 'orders') {
        await applyOrderMessage(queryClient, parsed.data, userId);
      } else if (parsed.type === 'shop') {
        queryClient.setQueryData(queryKeys.shop, parsed.data);
        void queryClient.invalidateQueries({ queryKey: queryKeys.shop });
      } else if (parsed.type === 'menu') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all });
      }
      if (parsed.type !== 'hello') lastSeen = Math.max(lastSeen ?? parsed.position, parsed.position);
      for (const l of listeners) l(parsed);
    };

    const connect = () => {
      const token = getTokens().accessToken;
      if (!token || closed) return;
      const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
      // The token goes in the first message, never the URL (URLs end up in proxy logs).
      const ws = new WebSocket(`${proto}//${location.host}/api/websockets`);
      socket = ws;
      ws.onopen = () => {
        ws.send(JSON.stringify({ type: 'auth', token, hello: true }));
        attempt = 0;
      };
      // A connection can die without closing (Wi-Fi dropped, a phone asleep): the socket still reads open and
      // nothing arrives again. A quiet socket is asked for a ping (the server answers once it has said
      // hello); one that does not answer in time is given up and a new one opened.
      let heardAt = Date.now();
      let askedAt: number | null = null;
      let signedIn = false;
      const ask = () => {
        if (!signedIn || ws.readyState !== WebSocket.OPEN || (askedAt !== null && askedAt > heardAt)) return;
        askedAt = Date.now();
        ws.send(PING);
      };
      const watch = setInterval(() => {
        if (askedAt !== null && askedAt > heardAt && Date.now() - askedAt > ANSWER_MS) lost(ws);
        else if (Date.now() - heardAt > QUIET_MS) ask();
      }, WATCH_MS);
      askNow = ask;
      const lost = (dead: WebSocket, code?: number) => {
        clearInterval(watch);
        if (askNow === ask) askNow = null;
        dead.onclose = dead.onmessage = dead.onerror = null;
        if (dead.readyState !== WebSocket.CLOSED) dead.close();
        if (socket === dead) socket = null;
        if (closed) return;
        // A socket that never got its hello may not have reached the server (a closed one that had, may have
        // been a restart or a deploy: its next try tells). A plain request says which: a proxy that lets no
        // WebSocket through is not a server that is down.
        if (!signedIn && navigator.onLine) void probeServer();
        if (code === LIVE_CLOSE_REFUSED) userInDoubt();
        timer = setTimeout(connect, retryDelay(attempt));
        attempt += 1;
      };
      // One at a time, in order: a message waiting for the schema holds back those behind it.
      let received = Promise.resolve();
      socket.onmessage = (ev) => {
        heardAt = Date.now();
        received = received
          .then(async () => {
            const parsed = await readLiveMessage(JSON.parse(String(ev.data)));
            if (parsed?.type === 'hello') {
              signedIn = true;
              reportServerReachable(true);
            }
            if (parsed) await handle(parsed);
          })
          // A message that cannot be read or applied is dropped; the ones behind it still are.
          .catch(() => undefined);
      };
      socket.onclose = (ev) => lost(ws, ev.code);
      socket.onerror = () => ws.close();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') askNow?.();
    };
    document.addEventListener('visibilitychange', onVisible);
    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      socket?.close();
    };
  }, [queryClient, userId]);
}
