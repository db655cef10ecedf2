import { type Area, type DomainEvent, orderStatusAfter, type OrderStatus } from '@drinks/contracts';

/** The last change of an order's status: which event, by whom, when (absent when not known). */
export interface LastChange {
  type: DomainEvent['type'];
  by: string;
  at?: string;
}

/** One order as the write side needs it; `status` moves along the order's lifecycle. */
export interface OrderState {
  status: OrderStatus;
  orderId: string;
  userId: string;
  businessDay: string;
  menuId: string;
  menuName: string;
  categoryFor: Area;
  /** The status the order had when it was rejected: a recall returns it there. */
  beforeRejection?: 'ordered' | 'in-progress';
  lastChange?: LastChange;
}

/** Orders by id: whatever order events the query brought in. */
export type OrderBook = Readonly<Record<string, OrderState>>;

/** Stored events carry their instant; events built in a test may not. */
const occurredAt = (event: DomainEvent): string | undefined =>
  'occurredAt' in event && typeof event.occurredAt === 'string' ? event.occurredAt : undefined;

function changed(order: OrderState, event: DomainEvent & { data: { by: string } }, status: OrderStatus): OrderState {
  const at = occurredAt(event);
  return { ...order, status, lastChange: { type: event.type, by: event.data.by, ...(at ? { at } : {}) } };
}

export function evolveOrders(book: OrderBook, event: DomainEvent): OrderBook {
  switch (event.type) {
    case 'OrderPlaced': {
      const { orderId, userId, businessDay, menuId, menuName, categoryFor } = event.data;
      return {
        ...book,
        [orderId]: { status: orderStatusAfter(event)!, orderId, userId, businessDay, menuId, menuName, categoryFor },
      };
    }
    case 'OrderRejected': {
      const order = book[event.data.orderId];
      if (!order) return book;
      const before = order.status === 'in-progress' ? 'in-progress' : 'ordered';
      const status = orderStatusAfter(event) ?? order.status;
      return { ...book, [order.orderId]: { ...changed(order, event, status), beforeRejection: before } };
    }
    case 'OrderStarted':
    case 'OrderCompleted':
    case 'OrderCancelled':
    case 'OrderPickedUp':
    case 'OrderRecalled': {
      const order = book[event.data.orderId];
      if (!order) return book;
      return { ...book, [order.orderId]: changed(order, event, orderStatusAfter(event) ?? order.status) };
    }
    default:
      return book;
  }
}
