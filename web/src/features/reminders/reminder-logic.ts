import { orderNoticeText, PICKUP_REMINDER_MINUTES, type Order } from '@drinks/contracts';

/** A finished order still waiting on the counter after this long gets one more reminder. */
export const REMINDER_DELAY_MS = PICKUP_REMINDER_MINUTES * 60_000;

export interface Tracked {
  /** When the order became done (ms since epoch). */
  doneAt: number;
  reminded: boolean;
}
export type ReminderState = Readonly<Record<string, Tracked>>;

export type ReminderAction =
  | { kind: 'ready' | 'reminder'; orderId: string; menuName: string }
  | { kind: 'rejected'; orderId: string; menuName: string; reason: string };

/**
 * Folds one update of an own order into the state. A move to 'done' seen live
 * (`live`) announces it; an order already done when first seen (page load) is only
 * tracked, from its updatedAt, so the later reminder still comes on time.
 */
export function trackOrder(
  state: ReminderState,
  order: Pick<Order, 'id' | 'status' | 'updatedAt' | 'menu'>,
  now: number,
  live: boolean,
): { state: ReminderState; actions: ReminderAction[] } {
  const known = state[order.id];
  if (order.status !== 'done') {
    if (!known) return { state, actions: [] };
    const { [order.id]: _gone, ...rest } = state;
    return { state: rest, actions: [] };
  }
  if (known) return { state, actions: [] };
  const updated = Date.parse(order.updatedAt);
  const doneAt = live || Number.isNaN(updated) ? now : Math.min(updated, now);
  // Seen only on a (re)load after its reminder time: the card already says it, no nagging per reload.
  const reminded = !live && now - doneAt >= REMINDER_DELAY_MS;
  return {
    state: { ...state, [order.id]: { doneAt, reminded } },
    actions: live ? [{ kind: 'ready', orderId: order.id, menuName: order.menu.name }] : [],
  };
}

/**
 * A rejection of an own order, told once: seen happen live, or found in a list after the order was seen in
 * another status. One already rejected when first seen (a page load) is on the screen, not news.
 */
export function rejectionNotice(
  order: Pick<Order, 'id' | 'status' | 'menu' | 'reject_note'>,
  previous: Order['status'] | undefined,
  live: boolean,
): ReminderAction | null {
  if (order.status !== 'rejected' || previous === 'rejected') return null;
  if (!live && previous === undefined) return null;
  return { kind: 'rejected', orderId: order.id, menuName: order.menu.name, reason: order.reject_note ?? '' };
}

/** Orders whose reminder is due at `now`. */
export function dueReminders(state: ReminderState, now: number, delayMs = REMINDER_DELAY_MS): string[] {
  return Object.entries(state)
    .filter(([, t]) => !t.reminded && now - t.doneAt >= delayMs)
    .map(([id]) => id);
}

export function markReminded(state: ReminderState, ids: readonly string[]): ReminderState {
  if (ids.length === 0) return state;
  const next = { ...state };
  for (const id of ids) if (next[id]) next[id] = { ...next[id], reminded: true };
  return next;
}

/** Milliseconds until the next reminder falls due, or null when none is pending. */
export function msUntilNextReminder(state: ReminderState, now: number, delayMs = REMINDER_DELAY_MS): number | null {
  const pending = Object.values(state).filter((t) => !t.reminded);
  if (pending.length === 0) return null;
  return Math.max(0, Math.min(...pending.map((t) => t.doneAt + delayMs - now)));
}

export function reminderText(action: ReminderAction): { title: string; message: string } {
  const { title, body } = orderNoticeText(
    action.kind,
    action.menuName,
    action.kind === 'rejected' ? action.reason : '',
  );
  return { title, message: body };
}

/** How long a done order has waited on the counter, and whether the board should flag it. */
export function pickupWait(
  updatedAt: string,
  now: number,
  delayMs = REMINDER_DELAY_MS,
): { minutes: number; overdue: boolean } {
  const waited = Math.max(0, now - Date.parse(updatedAt));
  return { minutes: Math.floor(waited / 60_000), overdue: waited >= delayMs };
}
