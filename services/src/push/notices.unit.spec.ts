import type { StoredEvent } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import { failureAction, isFresh, noticePayload, planFor, REMINDER_DELAY_MS, stillTrue } from './notices.js';
import { sendWithRetry, type SendPush } from './sender.js';

describe('what an order event means for the phone', () => {
  it('a completion: "ready" now, a reminder due 10 minutes later', () => {
    const plan = planFor(event(7, 'OrderCompleted', {}));
    expect(plan.notice).toMatchObject({ kind: 'ready', key: 'ready:7', orderId: 'o1', userId: 'u1', at: T0 });
    expect(plan.reminder).toEqual({
      schedule: { orderId: 'o1', userId: 'u1', completedPosition: 7, dueAt: T0 + REMINDER_DELAY_MS },
    });
  });

  it('a rejection: "rejected" with its reason, and no reminder', () => {
    const plan = planFor(event(8, 'OrderRejected', { reason: 'Out of milk' }));
    expect(plan.notice).toMatchObject({ kind: 'rejected', key: 'rejected:8', reason: 'Out of milk' });
    expect(plan.reminder).toEqual({ cancel: 'o1' });
  });

  it.each(['OrderPickedUp', 'OrderRecalled', 'OrderCancelled'] as const)('%s: no notice, the reminder goes', (type) => {
    expect(planFor(event(9, type, { from: 'done', to: 'in-progress' }))).toEqual({
      notice: null,
      reminder: { cancel: 'o1' },
    });
  });

  it('anything else: nothing', () => {
    expect(planFor(event(10, 'OrderStarted', {}))).toEqual({ notice: null, reminder: null });
  });

  it('sends nothing about what happened more than 30 minutes ago', () => {
    expect(isFresh(T0, T0 + 30 * 60_000)).toBe(true);
    expect(isFresh(T0, T0 + 30 * 60_000 + 1)).toBe(false);
  });

  it('given the order as it is when the notice goes out, then only what is still true is sent', () => {
    expect(stillTrue('ready', 'done')).toBe(true);
    expect(stillTrue('reminder', 'done')).toBe(true);
    expect(stillTrue('rejected', 'rejected')).toBe(true);
    // Picked up (or recalled to the barista) before a late "ready"; recalled before a late "rejected".
    expect(stillTrue('ready', 'picked')).toBe(false);
    expect(stillTrue('reminder', 'in-progress')).toBe(false);
    expect(stillTrue('rejected', 'ordered')).toBe(false);
    expect(stillTrue('ready', undefined)).toBe(false);
  });

  it('points the owner at its own status page', () => {
    const notice = planFor(event(7, 'OrderCompleted', {})).notice!;
    expect(noticePayload(notice, 'Latte', 'user')).toMatchObject({
      url: '/statusOrder?order=o1',
      tag: 'pickup-o1-ready',
    });
    expect(noticePayload(notice, 'Latte', 'admin').url).toBe('/statusOrder-admin?order=o1');
  });
});

describe('when the push service refuses', () => {
  it('404 and 410 mean gone; network errors, 408, 429 and 5xx are retried; the rest dropped', () => {
    expect([404, 410].map(failureAction)).toEqual(['gone', 'gone']);
    expect([undefined, 408, 429, 500, 503].map(failureAction)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry']);
    expect([400, 401, 403, 413].map(failureAction)).toEqual(['drop', 'drop', 'drop', 'drop']);
  });

  it('tries a transient failure a bounded number of times, then gives up without throwing', async () => {
    const { send, calls } = answering([503, 503, 503, 503, 503]);
    expect(await sendWithRetry(send, DEVICE, '{}', { maxAttempts: 3, sleep: async () => {} })).toBe('failed');
    expect(calls()).toBe(3);
  });

  it('succeeds on a later attempt', async () => {
    const { send, calls } = answering([429, 201]);
    expect(await sendWithRetry(send, DEVICE, '{}', { sleep: async () => {} })).toBe('sent');
    expect(calls()).toBe(2);
  });

  it('reports a gone subscription at once', async () => {
    const { send, calls } = answering([410]);
    expect(await sendWithRetry(send, DEVICE, '{}', { sleep: async () => {} })).toBe('gone');
    expect(calls()).toBe(1);
  });
});

const T0 = Date.parse('2026-11-16T03:00:00Z');
const DEVICE = { endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } };

function event(position: number, type: string, extra: Record<string, unknown>): StoredEvent {
  return {
    type,
    data: { orderId: 'o1', userId: 'u1', businessDay: '2026-11-16', by: 'b1', ...extra },
    position,
    id: `e${position}`,
    tags: [],
    metadata: {},
    occurredAt: new Date(T0).toISOString(),
    schemaVersion: 1,
  } as StoredEvent;
}

/** A push service answering these statuses in turn (201 = accepted). */
function answering(statuses: number[]): { send: SendPush; calls: () => number } {
  let n = 0;
  const send: SendPush = async () => {
    const status = statuses[n++] ?? 201;
    if (status !== 201) throw Object.assign(new Error(String(status)), { statusCode: status });
  };
  return { send, calls: () => n };
}
