import type { Order } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import { parseBoardSettings } from './board-settings.js';
import {
  ageLevel,
  allDayCounts,
  categoryOptions,
  formatAge,
  matchesStation,
  recallable,
  recallWindowText,
  ofToday,
  sortTickets,
} from './station-logic.js';

describe('ticket age', () => {
  it('turns amber at the first threshold and red at the second', () => {
    expect(ageLevel(4 * 60_000 + 59_000, 5, 10)).toBe('fresh');
    expect(ageLevel(5 * 60_000, 5, 10)).toBe('warn');
    expect(ageLevel(10 * 60_000, 5, 10)).toBe('late');
  });
  it('reads as minutes and seconds, then hours', () => {
    expect(formatAge(65_000)).toBe('1:05');
    expect(formatAge(-3000)).toBe('0:00');
    expect(formatAge(3_720_000)).toBe('1 h 2 min');
  });
});

describe('stations and categories', () => {
  const latte = order({ id: '1', menu: 'Latte', category: 'Coffee' });
  const frappe = order({ id: '2', menu: 'Matcha', category: 'Frappe', type: 'frappe' });
  const mojito = order({ id: '3', menu: 'Mojito', category: 'Cocktail', area: 'bar', type: null });

  it('keeps a station to its own orders and a category to its own', () => {
    expect([latte, frappe, mojito].filter((o) => matchesStation(o, 'bar', 'All'))).toEqual([mojito]);
    expect([latte, frappe, mojito].filter((o) => matchesStation(o, 'all', 'Frappe'))).toEqual([frappe]);
  });
  it('offers the categories of the catalog and of the orders on the board', () => {
    const catalog = [
      { name: 'Tea', categoryFor: 'cafe' as const, isAvailable: 'available' as const },
      { name: 'Wine', categoryFor: 'bar' as const, isAvailable: 'available' as const },
    ];
    const both = { isCafeOpen: true, isBarOpen: true };
    expect(categoryOptions(catalog, [latte, frappe, mojito], 'cafe', both)).toEqual(['All', 'Coffee', 'Frappe', 'Tea']);
    expect(categoryOptions(catalog, [latte, mojito], 'bar', both)).toEqual(['All', 'Cocktail', 'Wine']);
  });

  it("leaves out the catalog's deleted categories and those of a closed area, not those orders still carry", () => {
    const catalog = [
      { name: 'Tea', categoryFor: 'cafe' as const, isAvailable: 'available' as const },
      { name: 'Smoothie', categoryFor: 'cafe' as const, isAvailable: 'unavailable' as const },
      { name: 'Wine', categoryFor: 'bar' as const, isAvailable: 'available' as const },
    ];
    const cafeOnly = { isCafeOpen: true, isBarOpen: false };
    expect(categoryOptions(catalog, [latte], 'all', cafeOnly)).toEqual(['All', 'Coffee', 'Tea']);
    expect(categoryOptions(catalog, [latte, mojito], 'all', cafeOnly)).toEqual(['All', 'Cocktail', 'Coffee', 'Tea']);
  });
});

describe('all-day counts', () => {
  it('counts what is to make per drink and type, most first', () => {
    const orders = [
      order({ id: '1', menu: 'Latte' }),
      order({ id: '2', menu: 'Matcha', type: 'frappe' }),
      order({ id: '3', menu: 'Latte' }),
      order({ id: '4', menu: 'Latte' }),
      order({ id: '5', menu: 'Mojito', type: null }),
    ];
    expect(allDayCounts(orders).map((c) => `${c.count} x ${c.label}`)).toEqual([
      '3 x Latte hot',
      '1 x Matcha frappe',
      '1 x Mojito',
    ]);
  });
});

describe('queue order and recall', () => {
  it('puts the oldest first unless asked otherwise', () => {
    const a = order({ id: 'a', at: '2026-11-18T03:00:00Z' });
    const b = order({ id: 'b', at: '2026-11-18T02:00:00Z' });
    expect(sortTickets([a, b], true).map((o) => o.id)).toEqual(['b', 'a']);
    expect(sortTickets([a, b], false).map((o) => o.id)).toEqual(['a', 'b']);
  });
  it("keeps each area's cards in its queue's order when orders share a time, mixing areas by time", () => {
    // One group commit can stamp several orders with the same millisecond: their ids say nothing of the
    // queue, which the customers' 'Queue no' follows.
    const same = '2026-11-18T03:00:00.123Z';
    const third = order({ id: 'a', at: same, queue: 3 });
    const first = order({ id: 'b', at: same, queue: 1 });
    const second = order({ id: 'c', at: same, queue: 2 });
    const bar = order({ id: '0', at: '2026-11-18T02:59:00Z', area: 'bar', queue: 1 });
    const later = order({ id: '1', at: '2026-11-18T03:01:00Z', queue: 4 });
    expect(sortTickets([third, later, first, bar, second], true).map((o) => o.id)).toEqual(['0', 'b', 'c', 'a', '1']);
    expect(sortTickets([third, later, first, bar, second], false).map((o) => o.id)).toEqual(['1', 'a', 'c', 'b', '0']);
  });
  it("keeps today's done and cancelled orders: placed today, or finished after midnight", () => {
    const bangkok = 'Asia/Bangkok';
    const lateNight = { ...order({ id: 'late', at: '2026-11-26T16:55:00Z' }), updatedAt: '2026-11-26T17:05:00Z' };
    const yesterday = { ...order({ id: 'old', at: '2026-11-26T10:00:00Z' }), updatedAt: '2026-11-26T10:30:00Z' };
    const morning = { ...order({ id: 'new', at: '2026-11-27T02:00:00Z' }), updatedAt: '2026-11-27T02:10:00Z' };
    expect(ofToday([lateNight, yesterday, morning], '2026-11-27', bangkok).map((o) => o.id)).toEqual(['late', 'new']);
  });
  it("allows a recall of a done or rejected order within the server's window", () => {
    const done = { ...order({ id: 'd' }), status: 'done' as const, updatedAt: '2026-11-18T03:00:00Z' };
    const at = Date.parse(done.updatedAt);
    expect(recallable(done, at + 119_000, 120)).toBe(true);
    expect(recallable(done, at + 120_000, 120)).toBe(false);
    expect(recallable(done, at + 500_000, 600)).toBe(true);
    expect(recallable(done, at, 0)).toBe(false);
    expect(recallable({ ...done, status: 'picked' }, at, 120)).toBe(false);
    expect([120, 60, 90, 600].map(recallWindowText)).toEqual(['2 minutes', '1 minute', '90 seconds', '10 minutes']);
  });
});

describe('board settings', () => {
  it('falls back to defaults on anything unreadable and keeps red after amber', () => {
    expect(parseBoardSettings('{oops')).toMatchObject({ station: 'all', warnMinutes: 5, lateMinutes: 10 });
    expect(parseBoardSettings('{"station":"bar","warnMinutes":8,"lateMinutes":3}')).toMatchObject({
      station: 'bar',
      warnMinutes: 8,
      lateMinutes: 8,
    });
  });
});

function order(o: {
  id: string;
  menu?: string;
  category?: string;
  area?: 'cafe' | 'bar';
  type?: Order['type'];
  at?: string;
  queue?: number;
}): Order {
  return {
    id: o.id,
    status: 'ordered',
    updatedAt: o.at ?? '2026-11-18T03:00:00Z',
    orderDate: o.at ?? '2026-11-18T03:00:00Z',
    type: o.type === undefined ? 'hot' : o.type,
    sweetness: 50,
    remark: '-',
    reject_note: null,
    tumblerImage: null,
    user: { id: 'u', name: 'Ann' },
    queue_at: o.queue ?? 1,
    menu: {
      id: `m-${o.menu ?? 'Latte'}`,
      name: o.menu ?? 'Latte',
      category: { id: 'c', name: o.category ?? 'Coffee', categoryFor: o.area ?? 'cafe' },
    },
  };
}
