import type { StoredEvent } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import { evolveOrderRow } from './orders.js';
import { orderOfRow } from './orders-queries.js';

const fold = (events: StoredEvent[]) => events.reduce(evolveOrderRow, null);

const meta = { tags: [], metadata: {}, schemaVersion: 1, id: 'e' };
const placed = {
  ...meta,
  position: 7,
  occurredAt: '2026-11-20T02:00:00.000Z',
  type: 'OrderPlaced',
  data: {
    orderId: 'o1',
    userId: 'u1',
    userName: 'Nok',
    menuId: 'm1',
    menuName: 'Latte',
    categoryId: 'c1',
    categoryName: 'Coffee',
    categoryFor: 'cafe',
    type: 'hot',
    sweetness: 50,
    remark: '-',
    tumblerImage: '/api/images/x.jpg',
    businessDay: '2026-11-20',
  },
} as StoredEvent;
const rejected = {
  ...meta,
  position: 9,
  occurredAt: '2026-11-20T02:05:00.000Z',
  type: 'OrderRejected',
  data: { orderId: 'o1', userId: 'u1', businessDay: '2026-11-20', by: 'b1', reason: 'Machine Failure' },
} as StoredEvent;

describe("the orders projection's fold of one order's events", () => {
  it('describes a just-placed order from its OrderPlaced event', () => {
    expect(orderOfRow(fold([placed])!, 'Nok')).toMatchObject({
      id: 'o1',
      status: 'ordered',
      orderDate: placed.occurredAt,
      user: { id: 'u1', name: 'Nok' },
      menu: { id: 'm1', name: 'Latte', category: { id: 'c1', name: 'Coffee', categoryFor: 'cafe' } },
      queue_at: null,
    });
  });
  it('applies a transition to the stored row', () => {
    expect(orderOfRow(evolveOrderRow(fold([placed]), rejected)!, 'Nok')).toMatchObject({
      status: 'rejected',
      reject_note: 'Machine Failure',
      updatedAt: rejected.occurredAt,
      queue_at: null,
    });
  });
  it('changes nothing when the same event comes twice', () => {
    const once = fold([placed, rejected]);
    expect(evolveOrderRow(once, rejected)).toBe(once);
  });
  it('knows nothing without an order or its placement', () => {
    expect(fold([rejected])).toBeNull();
  });
});
