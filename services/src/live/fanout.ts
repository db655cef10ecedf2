import {
  ACTIVE_ORDER_STATUSES,
  ORDER_EVENT_TYPES,
  orderStatusAfter,
  type Order,
  type StoredEvent,
} from '@drinks/contracts';
import type { LiveServer } from './live-server.js';

/** How long a live message waits for the read models to reach its event before it goes anyway. */
export const LIVE_WAIT_MS = 1000;

export interface LiveFanoutOptions {
  live: Pick<LiveServer, 'send'> & Partial<Pick<LiveServer, 'clientCount' | 'advance'>>;
  getOrder: (id: string) => Promise<Order | null>;
  /** The ordered and in-progress orders of an area, in queue order (their places changed). */
  queueOf?: (area: Order['menu']['category']['categoryFor']) => Promise<Order[]>;
  /** The place an order takes in its area's queue now, counted as if it were waiting (it may have left since). */
  placeOf?: (orderId: string) => Promise<number | null>;
  /** A user's orders still on a screen (waiting, in progress, ready): they carry the user's name. */
  openOrdersOf?: (userId: string) => Promise<Order[]>;
  waitFor: (position: number, timeoutMs: number) => Promise<boolean>;
}

export interface LiveFanout {
  handle(event: StoredEvent): Promise<void>;
}

const orderTypes: ReadonlySet<string> = new Set(ORDER_EVENT_TYPES);
/** Events after which an order leaves its area's queue, or (a recall) takes its place again. */
const leavesQueue: ReadonlySet<string> = new Set([
  'OrderCompleted',
  'OrderRejected',
  'OrderCancelled',
  'OrderRecalled',
]);

export function createLiveFanout(options: LiveFanoutOptions): LiveFanout {
  const { live, getOrder, queueOf, placeOf, openOrdersOf, waitFor } = options;
  // Events are handled one after another so clients get them in log order even if handle() is not awaited.
  let tail: Promise<void> = Promise.resolve();

  async function publish(event: StoredEvent): Promise<void> {
    try {
      await fanOut(event);
    } finally {
      // Whoever connects next learns from `hello` that the log moved, even if nobody hears of this event. Not
      // before its messages are sent (send() moves the position with them): a ping answered meanwhile would
      // claim a message still on its way, and a socket dropped then would come back to a hello saying nothing
      // was missed.
      live.advance?.(event.position);
    }
  }

  async function fanOut(event: StoredEvent): Promise<void> {
    // Nobody connected: nothing to read for anyone.
    if (live.clientCount?.() === 0) return;
    if ('orderId' in event.data && orderTypes.has(event.type)) {
      // The Order shown must already include this event, so wait for the projections (bounded).
      await waitFor(event.position, LIVE_WAIT_MS);
      const order = await getOrder(event.data.orderId);
      if (!order) return;
      live.send(
        { type: 'orders', position: event.position, data: await asOf(order, event) },
        { userId: order.user.id, staff: true },
      );
      if (queueOf && leavesQueue.has(event.type)) {
        // Everyone behind it moved one place: tell each owner (staff refetch the board anyway). A recalled
        // order is in the queue again, and its owner has just been told of it.
        for (const behind of await queueOf(order.menu.category.categoryFor)) {
          if (behind.id === order.id) continue;
          live.send({ type: 'orders', position: event.position, data: behind }, { userId: behind.user.id });
        }
      }
      return;
    }
    if (event.type === 'UserRenamed' && openOrdersOf) {
      // Boards show the owner's name on each ticket: the tickets follow a new name as they follow a status.
      await waitFor(event.position, LIVE_WAIT_MS);
      for (const order of await openOrdersOf(event.data.userId)) {
        live.send({ type: 'orders', position: event.position, data: order }, { userId: order.user.id, staff: true });
      }
      return;
    }
    if (event.type === 'ShopStatusChanged') {
      await waitFor(event.position, LIVE_WAIT_MS);
      const { isCafeOpen, isBarOpen } = event.data;
      live.send({ type: 'shop', position: event.position, data: { isCafeOpen, isBarOpen } }, { everyone: true });
      return;
    }
    const id = 'menuId' in event.data ? event.data.menuId : 'categoryId' in event.data ? event.data.categoryId : null;
    if (id !== null && (event.type.startsWith('Menu') || event.type.startsWith('Category'))) {
      // Clients refetch the catalog on this message; it must find the change there.
      await waitFor(event.position, LIVE_WAIT_MS);
      live.send({ type: 'menu', position: event.position, data: { id } }, { everyone: true });
    }
  }

  /**
   * The order as this event left it. The read model may already hold a later event of the same order (with
   * the bus, the projector in this process can run ahead of the delivery): each message still tells its own
   * event's status, in log order, and is an Order of that status: waiting or in progress, it has a queue
   * place (counted now: the order may have left the queue since) and no reject note; rejected, this
   * event's reason.
   */
  async function asOf(order: Order, event: StoredEvent): Promise<Order> {
    const status = orderStatusAfter(event);
    if (status === null || status === order.status) return order;
    const waiting = ACTIVE_ORDER_STATUSES.includes(status);
    const queueAt = waiting ? (order.queue_at ?? (await placeOf?.(order.id)) ?? null) : null;
    const rejectNote = event.type === 'OrderRejected' ? event.data.reason : null;
    return { ...order, status, updatedAt: event.occurredAt, queue_at: queueAt, reject_note: rejectNote };
  }

  return {
    handle(event) {
      const run = tail.then(() => publish(event));
      // A failure belongs to this event's caller; the chain goes on with the next event.
      tail = run.catch(() => undefined);
      return run;
    },
  };
}
