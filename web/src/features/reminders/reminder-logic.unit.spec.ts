import { describe, expect, it } from 'vitest';
import {
  dueReminders,
  pickupWait,
  markReminded,
  msUntilNextReminder,
  REMINDER_DELAY_MS,
  rejectionNotice,
  reminderText,
  trackOrder,
  type ReminderState,
} from './reminder-logic.js';

const T0 = Date.parse('2025-03-03T03:00:00.000Z');
const order = (
  status: 'ordered' | 'in-progress' | 'done' | 'picked',
  updatedAt = '2025-03-03T03:00:00.000Z',
  id = 'o1',
) => ({
  id,
  status,
  updatedAt,
  menu: { id: 'm', name: 'Latte', category: { id: 'c', name: 'Coffee', categoryFor: 'cafe' as const } },
});

describe('trackOrder', () => {
  it('announces a live move to done once and tracks it from now', () => {
    const a = trackOrder({}, order('done', '2025-03-03T02:59:00.000Z'), T0, true);
    expect(a.actions).toEqual([{ kind: 'ready', orderId: 'o1', menuName: 'Latte' }]);
    expect(a.state).toEqual({ o1: { doneAt: T0, reminded: false } });
    const again = trackOrder(a.state, order('done'), T0 + 1000, true);
    expect(again.actions).toEqual([]);
    expect(again.state).toBe(a.state);
  });

  it('tracks an order already done on page load from its updatedAt, silently', () => {
    const r = trackOrder({}, order('done', '2025-03-03T02:55:00.000Z'), T0, false);
    expect(r.actions).toEqual([]);
    expect(r.state.o1?.doneAt).toBe(T0 - 5 * 60_000);
    expect(r.state.o1?.reminded).toBe(false);
    const stale = trackOrder({}, order('done', '2025-03-03T02:40:00.000Z'), T0, false);
    expect(stale.state.o1?.reminded).toBe(true);
  });

  it('ignores orders that are not done and forgets one once picked', () => {
    expect(trackOrder({}, order('in-progress'), T0, true)).toEqual({ state: {}, actions: [] });
    const done = trackOrder({}, order('done'), T0, true).state;
    expect(trackOrder(done, order('picked'), T0 + 1000, true).state).toEqual({});
  });
});

describe('reminder scheduling', () => {
  const state: ReminderState = { a: { doneAt: T0, reminded: false }, b: { doneAt: T0 + 4 * 60_000, reminded: false } };

  it('falls due 10 minutes after done, once', () => {
    expect(dueReminders(state, T0 + REMINDER_DELAY_MS - 1)).toEqual([]);
    expect(dueReminders(state, T0 + REMINDER_DELAY_MS)).toEqual(['a']);
    const after = markReminded(state, ['a']);
    expect(dueReminders(after, T0 + 20 * 60_000)).toEqual(['b']);
    expect(dueReminders(markReminded(after, ['b']), T0 + 60 * 60_000)).toEqual([]);
  });

  it('says how long until the next reminder', () => {
    expect(msUntilNextReminder({}, T0)).toBeNull();
    expect(msUntilNextReminder(state, T0)).toBe(REMINDER_DELAY_MS);
    expect(msUntilNextReminder(markReminded(state, ['a']), T0 + 60_000)).toBe(13 * 60_000);
    expect(msUntilNextReminder(state, T0 + 60 * 60_000)).toBe(0);
  });

  it('words the first notice and the reminder differently', () => {
    expect(reminderText({ kind: 'ready', orderId: 'a', menuName: 'Latte' }).title).toBe('Your drink is ready!');
    expect(reminderText({ kind: 'reminder', orderId: 'a', menuName: 'Latte' }).message).toMatch(/ready for 10 minutes/);
  });
});

describe('pickupWait', () => {
  it('flags orders done for 10 minutes or more', () => {
    const done = '2025-03-03T03:00:00.000Z';
    expect(pickupWait(done, T0 + 9 * 60_000 + 59_000)).toEqual({ minutes: 9, overdue: false });
    expect(pickupWait(done, T0 + 10 * 60_000)).toEqual({ minutes: 10, overdue: true });
    expect(pickupWait(done, T0 - 5_000)).toEqual({ minutes: 0, overdue: false });
  });
});

describe('rejectionNotice', () => {
  const rejected = { ...order('done'), status: 'rejected' as const, reject_note: 'Out of oat milk' };
  const told = { kind: 'rejected', orderId: 'o1', menuName: 'Latte', reason: 'Out of oat milk' };

  it('tells a rejection seen live, with the reason', () => {
    expect(rejectionNotice(rejected, 'ordered', true)).toEqual(told);
    expect(rejectionNotice(rejected, undefined, true)).toEqual(told);
    expect(reminderText(told as Parameters<typeof reminderText>[0])).toEqual({
      title: 'Latte was rejected',
      message: 'Rejected: Out of oat milk',
    });
  });

  it('tells one found in a list after the order was seen in another status', () => {
    expect(rejectionNotice(rejected, 'in-progress', false)).toEqual(told);
  });

  it('tells it once, and nothing of an order rejected before the page first saw it, or not rejected', () => {
    expect(rejectionNotice(rejected, 'rejected', true)).toBeNull();
    expect(rejectionNotice(rejected, undefined, false)).toBeNull();
    expect(rejectionNotice({ ...rejected, status: 'cancel' }, 'ordered', true)).toBeNull();
  });
});
