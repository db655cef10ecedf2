import webpush from 'web-push';
import { silentLogger, type BusLogger } from '../bus/types.js';
import { failureAction, retryDelayMs } from './notices.js';
import type { StoredSubscription } from './subscriptions.js';
import type { VapidKeys } from './vapid.js';

/** Sends one encrypted message; throws (with `statusCode` when the push service answered) on failure. */
export type SendPush = (subscription: StoredSubscription, payload: string) => Promise<void>;

export type Outcome = 'sent' | 'gone' | 'failed';

/** An answer of the push service other than 201: its status decides what happens next. */
export class PushRefused extends Error {
  override name = 'PushRefused';
  // Not the answer's body: an endpoint is a URL of the subscriber's choosing, and its answer is not ours to log.
  constructor(readonly statusCode: number) {
    super(`push service answered ${statusCode}`);
  }
}

/**
 * web-push encrypts the payload and signs with our VAPID keys; the request goes out through fetch, which
 * speaks https to real push services and plain http to a test one on this machine (web-push's own sender
 * is https only). A message waits at the push service for at most `ttlSeconds`.
 */
export function webPushSender(keys: VapidKeys, options: { ttlSeconds?: number; timeoutMs?: number } = {}): SendPush {
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return async (subscription, payload) => {
    const request = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails,
      TTL: options.ttlSeconds ?? 3600,
      urgency: 'high',
    });
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await res.body?.cancel().catch(() => undefined);
    if (!res.ok) throw new PushRefused(res.status);
  };
}

/**
 * Sends with a bounded number of attempts: a network error, 408, 429 or 5xx is tried again after a short
 * backoff; 404/410 means the subscription is gone; anything else is given up at once. Never throws.
 */
export async function sendWithRetry(
  send: SendPush,
  subscription: StoredSubscription,
  payload: string,
  options: { maxAttempts?: number; logger?: BusLogger; sleep?: (ms: number) => Promise<void> } = {},
): Promise<Outcome> {
  const maxAttempts = options.maxAttempts ?? 4;
  const logger = options.logger ?? silentLogger;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      await send(subscription, payload);
      return 'sent';
    } catch (err) {
      const statusCode = (err as { statusCode?: unknown }).statusCode;
      const action = failureAction(typeof statusCode === 'number' ? statusCode : undefined);
      if (action === 'gone') return 'gone';
      const host = safeHost(subscription.endpoint);
      if (action === 'drop' || attempt >= maxAttempts) {
        logger.warn({ err, host, statusCode, attempts: attempt }, 'push: not delivered');
        return 'failed';
      }
      await sleep(retryDelayMs(attempt));
    }
  }
}

/** Endpoints carry a per-device secret path: the log shows the host only. */
function safeHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '?';
  }
}
