import { useState } from 'react';
import { api, ApiError } from './api-client.js';
import { newId } from './new-id.js';

/** No answer from the server (network lost, gateway down): the command may or may not have been done. */
export const outcomeUnknown = (err: unknown): boolean =>
  !(err instanceof ApiError) || err.status === 502 || err.status === 503 || err.status === 504;

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts?: number;
  wait?: (attempt: number) => Promise<void>;
}

/**
 * For a tap on a board at a counter: tries for about 9 s (waits of 0.4, 0.8, 1.6, 3.2 and 3.2 s) before a
 * lost answer is told as a failure, through a Wi-Fi blip that the default 1.2 s did not outlast.
 */
export const THROUGH_A_BLIP: RetryOptions = {
  attempts: 6,
  wait: (n) => new Promise<void>((r) => setTimeout(r, Math.min(400 * 2 ** (n - 1), 3200))),
};

/**
 * Sends one command under one Idempotency-Key, again while its outcome is unknown: the server answers a
 * repeated key with its first answer, so a retry after a lost answer is the same command, done once.
 */
export async function sendKeyed<T>(
  path: string,
  init: { method: 'POST' | 'PATCH'; body?: unknown },
  key: string,
  options: RetryOptions = {},
): Promise<T> {
  const { attempts = 3, wait = (n) => new Promise<void>((r) => setTimeout(r, 400 * n)) } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await api<T>(path, { ...init, headers: { 'Idempotency-Key': key } });
    } catch (err) {
      if (attempt >= attempts || !outcomeUnknown(err)) throw err;
      await wait(attempt);
    }
  }
}

export interface PendingSend<B> {
  key: string;
  body: B;
}

/** A pending send with the fingerprint of the draft it was made from. */
export type KeptSend<B> = PendingSend<B> & { fingerprint: string };

/** Where a pending send is kept beyond the page that started it (see createDraftKey): read once, written on change. */
export interface PendingStore<B> {
  read(): KeptSend<B> | null;
  write(pending: KeptSend<B> | null): void;
}

/**
 * One key per draft: while a send's outcome is unknown, sending the same draft again repeats it word for word
 * (same key, same body: the server refuses a key reused with another body); once the server has answered, the
 * next send is a new decision with a new key. `fingerprint` says which drafts are the same; the body sent may
 * carry more (an order's location, read once).
 */
export function createPendingSend<D, B = D>(
  fingerprint: (draft: D) => string,
  newKey: () => string = newId,
  store?: PendingStore<B>,
) {
  let pending: KeptSend<B> | null = store?.read() ?? null;
  return {
    unanswered: (draft: D): PendingSend<B> | null => (pending?.fingerprint === fingerprint(draft) ? pending : null),
    start: (draft: D, body: B): PendingSend<B> => {
      pending = { fingerprint: fingerprint(draft), key: newKey(), body };
      store?.write(pending);
      return pending;
    },
    /** `send` was answered (`err` undefined or a refusal) or not (`err` with no answer). */
    settled: (send: PendingSend<B>, err?: unknown): void => {
      if (pending === send && (err === undefined || !outcomeUnknown(err))) {
        pending = null;
        store?.write(null);
      }
    },
  };
}

/**
 * A create whose answer was lost, sent again (the Save tapped again after "no connection"), is the same
 * create: the same body keeps its key until the server has answered it; another body, or a send after an
 * answer, gets a new one.
 */
export function createKeyedSender<T>(path: string, options: RetryOptions = {}, newKey: () => string = newId) {
  const sends = createPendingSend<unknown>((body) => JSON.stringify(body), newKey);
  return async (body: unknown): Promise<T> => {
    const send = sends.unanswered(body) ?? sends.start(body, body);
    try {
      const answer = await sendKeyed<T>(path, { method: 'POST', body: send.body }, send.key, options);
      sends.settled(send);
      return answer;
    } catch (err) {
      sends.settled(send, err);
      throw err;
    }
  };
}

/** createKeyedSender kept for as long as the component (a form's page) is there. */
export function useKeyedSender<T>(path: string): (body: unknown) => Promise<T> {
  return useState(() => createKeyedSender<T>(path))[0];
}
