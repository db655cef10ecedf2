import {
  orderNoticeText,
  PICKUP_REMINDER_MINUTES,
  pushTag,
  type PushKind,
  type Order,
  type PushNotice,
  type Role,
  type StoredEvent,
} from '@drinks/contracts';

// What each order event means for the owner's phone. Pure: the dispatcher does the I/O.

export const REMINDER_DELAY_MS = PICKUP_REMINDER_MINUTES * 60_000;
/** A notice about something this old is news no more (a dispatcher that was down, a backlog): not sent. */
export const NOTICE_MAX_AGE_MS = 30 * 60_000;

/** A notice to send; `key` names it once for every process (the claim row). */
export interface NoticeIntent {
  kind: PushKind;
  key: string;
  orderId: string;
  userId: string;
  reason: string;
  /** When what it tells happened (ms). */
  at: number;
}

export type ReminderChange =
  | { schedule: { orderId: string; userId: string; completedPosition: number; dueAt: number } }
  | { cancel: string }
  | null;

export function planFor(event: StoredEvent): { notice: NoticeIntent | null; reminder: ReminderChange } {
  const at = Date.parse(event.occurredAt);
  switch (event.type) {
    case 'OrderCompleted': {
      const { orderId, userId } = event.data;
      return {
        notice: { kind: 'ready', key: `ready:${event.position}`, orderId, userId, reason: '', at },
        reminder: { schedule: { orderId, userId, completedPosition: event.position, dueAt: at + REMINDER_DELAY_MS } },
      };
    }
    case 'OrderRejected': {
      const { orderId, userId, reason } = event.data;
      return {
        notice: { kind: 'rejected', key: `rejected:${event.position}`, orderId, userId, reason, at },
        reminder: { cancel: orderId },
      };
    }
    // The drink left the counter (or went back to the barista): nothing to remind of.
    case 'OrderPickedUp':
    case 'OrderRecalled':
    case 'OrderCancelled':
      return { notice: null, reminder: { cancel: event.data.orderId } };
    default:
      return { notice: null, reminder: null };
  }
}

/** The reminder of the completion at `completedPosition`, due at `dueAt`. */
export function reminderIntent(r: {
  orderId: string;
  userId: string;
  completedPosition: number;
  dueAt: number;
}): NoticeIntent {
  return {
    kind: 'reminder',
    key: `reminder:${r.completedPosition}`,
    orderId: r.orderId,
    userId: r.userId,
    reason: '',
    at: r.dueAt,
  };
}

export const isFresh = (at: number, now: number, maxAgeMs = NOTICE_MAX_AGE_MS) => now - at <= maxAgeMs;

/**
 * Whether a notice still says something true when it is sent: a "ready" (or "still waiting") for a cup
 * already picked up, or a "rejected" the barista has recalled, is news no more (a dispatcher catching up).
 */
export function stillTrue(kind: PushKind, status: Order['status'] | undefined): boolean {
  return status === (kind === 'rejected' ? 'rejected' : 'done');
}

/** The status page of the owner's role, pointing at the order. */
export function orderUrl(orderId: string, role: Role | undefined): string {
  return `${role === 'admin' ? '/statusOrder-admin' : '/statusOrder'}?order=${encodeURIComponent(orderId)}`;
}

export function noticePayload(intent: NoticeIntent, menuName: string, role: Role | undefined): PushNotice {
  return {
    kind: intent.kind,
    orderId: intent.orderId,
    ...orderNoticeText(intent.kind, menuName, intent.reason),
    url: orderUrl(intent.orderId, role),
    tag: pushTag(intent.orderId, intent.kind),
  };
}

/** What to do after a push service refused: drop the subscription, try again, or give up on this one. */
export function failureAction(statusCode: number | undefined): 'gone' | 'retry' | 'drop' {
  if (statusCode === 404 || statusCode === 410) return 'gone';
  if (statusCode === undefined || statusCode === 408 || statusCode === 429 || statusCode >= 500) return 'retry';
  return 'drop';
}

/** Backoff before attempt `n` (1-based retries): 250 ms, 500 ms, 1 s… capped at 4 s. */
export const retryDelayMs = (n: number) => Math.min(250 * 2 ** (n - 1), 4000);
