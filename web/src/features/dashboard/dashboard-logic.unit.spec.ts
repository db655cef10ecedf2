import type { Order, OrderSummary } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import { ordersPerHour, pageCount, pageOf, summaryView } from './dashboard-logic.js';

describe('dashboard paging', () => {
  const rows = Array.from({ length: 23 }, (_, i) => `menu ${i + 1}`);
  it('shows 10 per page with ranks continuing across pages', () => {
    expect(pageCount(23)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(rows, 1)).toHaveLength(10);
    expect(pageOf(rows, 2)[0]).toEqual({ rank: 11, row: 'menu 11' });
    expect(pageOf(rows, 3).map((r) => r.rank)).toEqual([21, 22, 23]);
  });
});

describe('daily summary', () => {
  it('counts done with picked and active with waiting and in progress, with percentages', () => {
    const v = summaryView({
      total: 8,
      counted: 6,
      byStatus: { ordered: 1, 'in-progress': 1, done: 2, picked: 2, rejected: 1, cancel: 1 },
    });
    expect(v).toMatchObject({ total: 8, done: 4, active: 2 });
    expect(v.breakdown.find((b) => b.status === 'done')).toMatchObject({ label: 'Done', count: 2, percent: 25 });
    expect(v.breakdown.find((b) => b.status === 'picked')?.label).toBe('Picked Up');
  });
  it('gives percentages that add up to 100, the largest remainders rounded up', () => {
    const v = summaryView({
      total: 7,
      counted: 7,
      byStatus: { ordered: 3, 'in-progress': 2, done: 1, picked: 1, rejected: 0, cancel: 0 },
    });
    expect(v.breakdown.map((b) => b.percent)).toEqual([43, 29, 14, 14, 0, 0]);
    expect(v.breakdown.reduce((a, b) => a + b.percent, 0)).toBe(100);
  });
  it('gives equal counts equal percentages, even where the total then is not 100', () => {
    const counts = (byStatus: Partial<OrderSummary['byStatus']>) =>
      summaryView({
        total: 6,
        counted: 6,
        byStatus: { ordered: 0, 'in-progress': 0, done: 0, picked: 0, rejected: 0, cancel: 0, ...byStatus },
      }).breakdown.map((b) => b.percent);
    expect(counts({ done: 4, rejected: 1, cancel: 1 })).toEqual([0, 0, 66, 0, 17, 17]);
    expect(counts({ ordered: 3, 'in-progress': 1, done: 1, picked: 1 })).toEqual([50, 16, 16, 16, 0, 0]);
  });
  it('has 0 % when there is nothing', () => {
    const v = summaryView({
      total: 0,
      counted: 0,
      byStatus: { ordered: 0, 'in-progress': 0, done: 0, picked: 0, rejected: 0, cancel: 0 },
    });
    expect(v.breakdown.every((b) => b.percent === 0)).toBe(true);
  });
});

describe('orders per hour', () => {
  it('buckets by business hour for the area and skips cancel and rejected', () => {
    const orders = [
      order('2026-11-18T02:10:00Z', 'done', 'cafe'), // 09:10 Bangkok
      order('2026-11-18T02:50:00Z', 'ordered', 'cafe'),
      order('2026-11-18T03:05:00Z', 'cancel', 'cafe'),
      order('2026-11-18T03:05:00Z', 'done', 'bar'),
    ];
    const hours = ordersPerHour(orders, 'cafe', 'Asia/Bangkok');
    expect(hours.find((h) => h.hour === '09:00')?.orders).toBe(2);
    expect(hours.find((h) => h.hour === '10:00')?.orders).toBe(0);
    expect(ordersPerHour([], 'cafe', 'Asia/Bangkok')).toEqual([]);
  });
});

function order(orderDate: string, status: Order['status'], area: 'cafe' | 'bar'): Order {
  return {
    id: orderDate + status + area,
    status,
    updatedAt: orderDate,
    orderDate,
    type: 'hot',
    sweetness: 50,
    remark: '-',
    reject_note: null,
    tumblerImage: null,
    user: { id: 'u', name: 'Ann' },
    queue_at: null,
    menu: { id: 'm', name: 'Latte', category: { id: 'c', name: 'Coffee', categoryFor: area } },
  };
}
