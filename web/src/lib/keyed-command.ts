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

/**
 * A create whose answer was lost, sent again (the Save tapped again after "no connection"), is the same
 * create: the same body keeps its key until the server has answered it; another body, or a send after an
 * answer, gets a new one.
 */
export function createKeyedSender<T>(path: string, options: RetryOptions = {}, newKey: () => string = newId) {
  let pending: { body: string; key: string } | null = null;
  return async (body: unknown): Promise<T> => {
    const text = JSON.stringify(body);
    if (pending?.body !== text) pending = { body: text, key: newKey() };
    const { key } = pending;
    try {
      const answer = await sendKeyed<T>(path, { method: 'POST', body }, key, options);
      pending = null;
      return answer;
    } catch (err) {
      if (!outcomeUnknown(err) && pending?.key === key) pending = null;
      throw err;
    }
  };
}

/** createKeyedSender kept for as long as the component (a form's page) is there. */
export function useKeyedSender<T>(path: string): (body: unknown) => Promise<T> {
  return useState(() => createKeyedSender<T>(path))[0];
}
