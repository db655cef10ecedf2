import { DAILY_ORDER_LIMIT, type Order, type OrderStatus } from '@drinks/contracts';
import { byCodePoint } from '../../lib/compare.js';

// Pure display rules of customer-side.md §4 "Order statuses".

export function queueMessage(order: Pick<Order, 'status' | 'queue_at'>): string {
  switch (order.status) {
    case 'ordered':
    case 'in-progress':
      return order.queue_at !== null && order.queue_at > 1 ? `Queue no: ${order.queue_at - 1}` : 'It is your turn!';
    case 'done':
      return 'Click "Pick Up" after take your cup';
    case 'rejected':
    case 'cancel':
      return 'Canceled';
    case 'picked':
      return 'picked';
  }
}

export const TRACKER_STEPS = ['Waiting', 'In progress', 'Finished'] as const;

/** The highlighted tracker step, or null when the tracker is not shown. */
export function trackerStep(status: OrderStatus): number | null {
  if (status === 'ordered') return 0;
  if (status === 'in-progress') return 1;
  if (status === 'done') return 2;
  return null;
}

/** orderDate while the order is live, updatedAt once it is over. */
export function cardTime(order: Pick<Order, 'status' | 'orderDate' | 'updatedAt'>): string {
  return trackerStep(order.status) !== null ? order.orderDate : order.updatedAt;
}

export const CLOSED_STATUSES: readonly OrderStatus[] = ['rejected', 'picked', 'cancel'];

export function splitOrders(orders: readonly Order[]): { active: Order[]; closed: Order[] } {
  const active = orders
    .filter((o) => !CLOSED_STATUSES.includes(o.status))
    .sort((a, b) => byCodePoint(a.orderDate, b.orderDate));
  const closed = orders
    .filter((o) => CLOSED_STATUSES.includes(o.status))
    .sort((a, b) => byCodePoint(b.updatedAt, a.updatedAt));
  return { active, closed };
}

/** 'You have N drink(s) left to be treated': N = the daily limit − totalOrder, singular below 2. */
export function drinksLeftText(totalOrder: number, limit = DAILY_ORDER_LIMIT): string {
  const n = Math.max(0, limit - totalOrder);
  return `You have ${n} ${n < 2 ? 'drink' : 'drinks'} left to be treated`;
}

/**
 * The drinks-left line from the day's count, when it is known: while it is on its way nothing is claimed,
 * and offline without a saved count the line says so (it said '2 drinks left' to someone who had ordered two).
 */
export function drinksLeftLine(totalOrder: number | undefined, online: boolean): string {
  if (totalOrder !== undefined) return drinksLeftText(totalOrder);
  return online ? '…' : 'Drinks left: shown when you are back online';
}

/** Today's orders for the home list, orderDate ascending, without picked, rejected and cancel. */
export function homeOrders(orders: readonly Order[], today: string, dayOf: (iso: string) => string): Order[] {
  return orders
    .filter((o) => dayOf(o.orderDate) === today && !CLOSED_STATUSES.includes(o.status))
    .sort((a, b) => byCodePoint(a.orderDate, b.orderDate));
}

/** The status page's call to order: whenever nothing is in progress, past orders or not. */
export function orderNowPrompt(active: number, closed: number): { title: string; firstTime: boolean } | null {
  if (active > 0) return null;
  return closed === 0
    ? { title: 'You have no orders yet', firstTime: true }
    : { title: 'Nothing in progress', firstTime: false };
}
