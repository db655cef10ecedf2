import type { Order } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import {
  cardTime,
  drinksLeftLine,
  drinksLeftText,
  homeOrders,
  orderNowPrompt,
  queueMessage,
  splitOrders,
  trackerStep,
} from './order-text.js';

const order = (over: Partial<Order>): Order => ({
  id: 'o1',
  status: 'ordered',
  orderDate: '2025-03-03T03:00:00.000Z',
  updatedAt: '2025-03-03T03:00:00.000Z',
  type: 'hot',
  sweetness: 50,
  remark: '-',
  reject_note: null,
  tumblerImage: null,
  user: { id: 'u', name: 'U' },
  menu: { id: 'm', name: 'Latte', category: { id: 'c', name: 'Coffee', categoryFor: 'cafe' } },
  queue_at: 1,
  ...over,
});

describe('queueMessage', () => {
  it('shows the number of orders ahead while waiting or in progress', () => {
    expect(queueMessage(order({ queue_at: 3 }))).toBe('Queue no: 2');
    expect(queueMessage(order({ status: 'in-progress', queue_at: 2 }))).toBe('Queue no: 1');
  });
  it('says it is your turn at the head of the queue', () => {
    expect(queueMessage(order({ queue_at: 1 }))).toBe('It is your turn!');
    expect(queueMessage(order({ queue_at: null }))).toBe('It is your turn!');
  });
  it('covers done, rejected, cancel and picked', () => {
    expect(queueMessage(order({ status: 'done', queue_at: null }))).toBe('Click "Pick Up" after take your cup');
    expect(queueMessage(order({ status: 'rejected', queue_at: null }))).toBe('Canceled');
    expect(queueMessage(order({ status: 'cancel', queue_at: null }))).toBe('Canceled');
    expect(queueMessage(order({ status: 'picked', queue_at: null }))).toBe('picked');
  });
});

describe('tracker and time', () => {
  it('highlights the step of the status and hides the tracker when over', () => {
    expect(trackerStep('ordered')).toBe(0);
    expect(trackerStep('in-progress')).toBe(1);
    expect(trackerStep('done')).toBe(2);
    expect(trackerStep('picked')).toBeNull();
  });
  it('uses orderDate while live and updatedAt once over', () => {
    const o = order({ orderDate: 'A', updatedAt: 'B' });
    expect(cardTime(o)).toBe('A');
    expect(cardTime({ ...o, status: 'cancel' })).toBe('B');
  });
});

describe('lists', () => {
  it('splits active from picked and canceled, the latter newest update first', () => {
    const a = order({ id: 'a', status: 'cancel', updatedAt: '2025-03-03T04:00:00Z' });
    const b = order({ id: 'b', status: 'picked', updatedAt: '2025-03-03T05:00:00Z' });
    const c = order({ id: 'c', status: 'done' });
    const { active, closed } = splitOrders([a, b, c]);
    expect(active.map((o) => o.id)).toEqual(['c']);
    expect(closed.map((o) => o.id)).toEqual(['b', 'a']);
  });
  it("keeps today's live orders for home, oldest first", () => {
    const dayOf = (iso: string) => iso.slice(0, 10);
    const list = homeOrders(
      [
        order({ id: 'late', orderDate: '2025-03-03T06:00:00Z' }),
        order({ id: 'early', orderDate: '2025-03-03T02:00:00Z', status: 'done' }),
        order({ id: 'gone', status: 'picked' }),
        order({ id: 'old', orderDate: '2025-03-02T06:00:00Z' }),
      ],
      '2025-03-03',
      dayOf,
    );
    expect(list.map((o) => o.id)).toEqual(['early', 'late']);
  });
  it('counts drinks left with the singular below two', () => {
    expect(drinksLeftText(0)).toBe('You have 2 drinks left to be treated');
    expect(drinksLeftText(1)).toBe('You have 1 drink left to be treated');
    expect(drinksLeftText(2)).toBe('You have 0 drink left to be treated');
  });
  it('claims no count it does not have: loading, or offline with none saved', () => {
    expect(drinksLeftLine(1, false)).toBe('You have 1 drink left to be treated');
    expect(drinksLeftLine(undefined, true)).toBe('…');
    expect(drinksLeftLine(undefined, false)).toBe('Drinks left: shown when you are back online');
  });
});

describe('order now on the status page', () => {
  it('is offered whenever nothing is in progress, also once past orders exist', () => {
    expect(orderNowPrompt(0, 0)).toEqual({ title: 'You have no orders yet', firstTime: true });
    expect(orderNowPrompt(0, 2)).toEqual({ title: 'Nothing in progress', firstTime: false });
    expect(orderNowPrompt(1, 1)).toBeNull();
  });
});
