import { describe, expect, it } from 'vitest';
import { auditQuery, entityLabel, NO_FILTERS, typeLabel } from './audit-logic.js';

describe('audit log logic', () => {
  it('builds the query with an inclusive end day and the cursor', () => {
    expect(auditQuery(NO_FILTERS, 30)).toEqual({
      type: undefined,
      actor: undefined,
      startDate: undefined,
      endDate: undefined,
      limit: '30',
      before: undefined,
    });
    expect(auditQuery({ type: 'OrderRejected', actor: 'u1', from: '2025-03-01', to: '2025-03-03' }, 30, 120)).toEqual({
      type: 'OrderRejected',
      actor: 'u1',
      startDate: '2025-03-01',
      endDate: '2025-03-04',
      limit: '30',
      before: '120',
    });
  });

  it('reads event types and entities for people', () => {
    expect(typeLabel('OrderPickedUp')).toBe('Order picked up');
    expect(typeLabel('ShopStatusChanged')).toBe('Shop status changed');
    expect(entityLabel('shop')).toBe('Shop');
    expect(entityLabel('menu:m1')).toBe('Menu m1');
    expect(entityLabel('order:0123456789abcdef')).toBe('Order 01234567…');
  });
});
