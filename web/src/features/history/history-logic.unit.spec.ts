import type { Order } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import {
  groupByDay,
  loadingText,
  mergeHistory,
  staffEntryDetails,
  staffStatusLabel,
  userStatusLabel,
} from './history-logic.js';
import { formatBusinessTimeOn } from '../../lib/config.js';

const TZ = 'Asia/Bangkok';

describe('history labels', () => {
  it('staff history: done and picked read Done, cancel and rejected say who canceled', () => {
    expect(staffStatusLabel('done')).toBe('Done');
    expect(staffStatusLabel('picked')).toBe('Done');
    expect(staffStatusLabel('cancel')).toBe('Canceled by user');
    expect(staffStatusLabel('rejected')).toBe('Canceled by barista');
  });

  it("user's own history: rejected carries the barista's note", () => {
    expect(userStatusLabel({ status: 'rejected', reject_note: 'Machine Failure' })).toBe(
      'Canceled By Barista : Machine Failure',
    );
    expect(userStatusLabel({ status: 'cancel', reject_note: null })).toBe('Canceled');
    expect(userStatusLabel({ status: 'picked', reject_note: null })).toBe('Done');
    expect(userStatusLabel({ status: 'done', reject_note: null })).toBe('Done');
  });

  it("staff entry details: type, sweetness and who, without a bare dash for a bar drink's missing type", () => {
    const cafe = {
      type: 'hot',
      sweetness: 50,
      user: { id: 'u', name: 'Nok' },
      menu: { id: 'm', name: 'Latte', category: { id: 'c', name: 'Coffee', categoryFor: 'cafe' } },
    } as Order;
    expect(staffEntryDetails(cafe)).toBe('Hot · Sweetness 50% · Nok');
    const bar = {
      ...cafe,
      type: null,
      sweetness: null,
      menu: { ...cafe.menu, category: { ...cafe.menu.category, categoryFor: 'bar' } },
    } as Order;
    expect(staffEntryDetails(bar)).toBe('Nok');
    expect(staffEntryDetails({ ...bar, type: 'cold' })).toBe('Cold · Nok');
  });

  it('loading text names the period', () => {
    expect(loadingText(7)).toBe('Loading 7 days history...');
    expect(loadingText(null)).toBe('Loading all history...');
  });
});

describe('grouping', () => {
  const orders = [
    order('a', 'done', '2026-11-17T02:00:00Z'),
    order('b', 'cancel', '2026-11-18T03:00:00Z'),
    order('c', 'picked', '2026-11-18T05:00:00Z'),
    order('d', 'rejected', '2026-11-18T04:00:00Z'),
    order('e', 'done', '2026-11-17T18:30:00Z'), // the 18th in Bangkok
  ];

  it('groups by business day, newest day and newest entry first', () => {
    const groups = groupByDay(orders, TZ);
    expect(groups.map((g) => g.day)).toEqual(['2026-11-18', '2026-11-17']);
    expect(groups[0]!.orders.map((o) => o.id)).toEqual(['c', 'd', 'b', 'e']);
  });

  it('Total Order counts only done and picked orders', () => {
    const groups = groupByDay(orders, TZ);
    expect(groups[0]!.total).toBe(2);
    expect(groups[1]!.total).toBe(1);
  });

  describe('when orders placed before midnight were finished after it', () => {
    // Placed Sat 31 May 23:45 Bangkok; two finished Sun 1 June 00:05, one before midnight.
    const lateNight = [
      order('n1', 'done', '2025-05-31T17:05:00Z', '2025-05-31T16:45:00Z'),
      order('n2', 'picked', '2025-05-31T17:05:30Z', '2025-05-31T16:46:00Z'),
      order('n3', 'done', '2025-05-31T16:55:00Z', '2025-05-31T16:47:00Z'),
    ];
    const sunday = [order('s1', 'done', '2025-06-01T03:00:00Z')];

    it('groups them under the day they were placed, as the filter selects them and the dashboards count', () => {
      const groups = groupByDay([...sunday, ...lateNight], TZ);
      expect(groups.map((g) => [g.day, g.total])).toEqual([
        ['2025-06-01', 1],
        ['2025-05-31', 3],
      ]);
      expect(groups[1]!.orders.map((o) => o.id)).toEqual(['n2', 'n1', 'n3']);
    });

    it("gives the day the same 'Total Order' under Today as under Last 7 days", () => {
      const today = groupByDay(sunday, TZ); // what the server answers for [1 June, 2 June)
      const week = groupByDay([...sunday, ...lateNight], TZ);
      expect(today.find((g) => g.day === '2025-06-01')!.total).toBe(week.find((g) => g.day === '2025-06-01')!.total);
    });

    it('shows the date with the time of an entry finished on a later day than its group', () => {
      expect(formatBusinessTimeOn(lateNight[0]!.updatedAt, '2025-05-31', TZ)).toBe('1 Jun 00:05');
      expect(formatBusinessTimeOn(lateNight[2]!.updatedAt, '2025-05-31', TZ)).toBe('23:55');
    });
  });

  it('merging per-status answers drops duplicates and sorts newest update first', () => {
    const merged = mergeHistory([
      [orders[0]!, orders[1]!],
      [orders[2]!, orders[1]!],
    ]);
    expect(merged.map((o) => o.id)).toEqual(['c', 'b', 'a']);
  });
});

function order(id: string, status: Order['status'], updatedAt: string, orderDate = updatedAt): Order {
  return {
    id,
    status,
    updatedAt,
    orderDate,
    type: 'hot',
    sweetness: 50,
    remark: '-',
    reject_note: null,
    tumblerImage: null,
    user: { id: 'u', name: 'Ann' },
    queue_at: null,
    menu: { id: 'm', name: 'Latte', category: { id: 'c', name: 'Coffee', categoryFor: 'cafe' } },
  };
}
