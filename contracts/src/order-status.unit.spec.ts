import { describe, expect, it } from 'vitest';
import { type DomainEvent, orderStatusAfter } from './events.js';

const ref = { orderId: 'o-1', by: 'u-1' };

describe('the status an order has after each of its events', () => {
  it('follows the lifecycle: placed, started, completed, picked up; or rejected, or cancelled', () => {
    const cases: [DomainEvent['type'], unknown][] = [
      ['OrderStarted', ref],
      ['OrderCompleted', ref],
      ['OrderPickedUp', ref],
      ['OrderRejected', { ...ref, reason: 'Out of milk' }],
      ['OrderCancelled', ref],
    ];
    expect(cases.map(([type, data]) => orderStatusAfter({ type, data } as DomainEvent))).toEqual([
      'in-progress',
      'done',
      'picked',
      'rejected',
      'cancel',
    ]);
  });

  it('puts a recalled order back where the recall says', () => {
    const recall = (to: 'ordered' | 'in-progress') =>
      ({ type: 'OrderRecalled', data: { ...ref, from: 'done', to } }) as DomainEvent;
    expect(orderStatusAfter(recall('ordered'))).toBe('ordered');
    expect(orderStatusAfter(recall('in-progress'))).toBe('in-progress');
  });

  it('is null for an event that moves no order', () => {
    expect(orderStatusAfter({ type: 'ShopStatusChanged', data: {} } as unknown as DomainEvent)).toBeNull();
  });
});
