import type { Order, StoredEvent } from '@drinks/contracts';

const STATUS_AFTER: Partial<Record<StoredEvent['type'], Order['status']>> = {
  OrderStarted: 'in-progress',
  OrderCompleted: 'done',
  OrderRejected: 'rejected',
  OrderCancelled: 'cancel',
  OrderPickedUp: 'picked',
};

/**
 * The order as its events describe it, for the rare answer that cannot wait
 * for the read model (a projector restarting elsewhere): the command has been
 * recorded, so the caller gets it, only without a queue place.
 */
export function orderFromEvents(before: Order | null, events: readonly StoredEvent[]): Order | null {
  let order = before ? { ...before } : null;
  for (const e of events) {
    if (e.type === 'OrderPlaced') {
      const d = e.data;
      order = {
        id: d.orderId,
        status: 'ordered',
        orderDate: e.occurredAt,
        updatedAt: e.occurredAt,
        type: d.type,
        sweetness: d.sweetness,
        remark: d.remark,
        reject_note: null,
        tumblerImage: d.tumblerImage,
        user: { id: d.userId, name: d.userName },
        menu: {
          id: d.menuId,
          name: d.menuName,
          category: { id: d.categoryId, name: d.categoryName, categoryFor: d.categoryFor },
        },
        queue_at: null,
      };
      continue;
    }
    const status = e.type === 'OrderRecalled' ? e.data.to : STATUS_AFTER[e.type];
    if (order && status) {
      order = {
        ...order,
        status,
        updatedAt: e.occurredAt,
        queue_at: null,
        ...(e.type === 'OrderRejected' ? { reject_note: e.data.reason } : {}),
        ...(e.type === 'OrderRecalled' && e.data.from === 'rejected' ? { reject_note: null } : {}),
      };
    }
  }
  return order;
}
