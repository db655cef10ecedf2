import type { Area, DomainEvent, OrderStatus } from '@drinks/contracts';

/** One order as the write side needs it; `status` moves along the order's lifecycle. */
export interface OrderState {
  status: OrderStatus;
  orderId: string;
  userId: string;
  businessDay: string;
  menuId: string;
  categoryFor: Area;
}

/** Orders by id: whatever order events the query brought in. */
export type OrderBook = Readonly<Record<string, OrderState>>;

const NEXT_STATUS = {
  OrderStarted: 'in-progress',
  OrderCompleted: 'done',
  OrderRejected: 'rejected',
  OrderCancelled: 'cancel',
  OrderPickedUp: 'picked',
} as const satisfies Partial<Record<DomainEvent['type'], OrderStatus>>;

export function evolveOrders(book: OrderBook, event: DomainEvent): OrderBook {
  switch (event.type) {
    case 'OrderPlaced': {
      const { orderId, userId, businessDay, menuId, categoryFor } = event.data;
      return { ...book, [orderId]: { status: 'ordered', orderId, userId, businessDay, menuId, categoryFor } };
    }
    case 'OrderStarted':
    case 'OrderCompleted':
    case 'OrderRejected':
    case 'OrderCancelled':
    case 'OrderPickedUp': {
      const order = book[event.data.orderId];
      if (!order) return book;
      return { ...book, [order.orderId]: { ...order, status: NEXT_STATUS[event.type] } };
    }
    default:
      return book;
  }
}
