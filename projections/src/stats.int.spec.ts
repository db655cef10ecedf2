import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { popularMenus, summary, totalOrders } from './stats.js';
import { BACKENDS, ev, harness, type Harness } from './test-support/harness.js';

const latte = { menuId: 'm-latte', menuName: 'Latte' };
const mocha = { menuId: 'm-mocha', menuName: 'Mocha' };
const espresso = { menuId: 'm-esp', menuName: 'Espresso' };
const mojito = { area: 'bar' as const, menuId: 'm-mojito', menuName: 'Mojito' };

describe.each(BACKENDS)('order statistics on %s', (backend) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(backend);
    h.at('2025-03-02T03:00:00.000Z');
    await h.given(
      ev.placed({ orderId: 'old1', day: '2025-03-02', ...espresso }),
      ev.placed({ orderId: 'old2', day: '2025-03-02', ...espresso }),
    );
    h.at('2025-03-03T02:00:00.000Z');
    await h.given(
      ev.placed({ orderId: 'l1', ...latte }),
      ev.placed({ orderId: 'l2', ...latte }),
      ev.placed({ orderId: 'l3', ...latte }),
      ev.placed({ orderId: 'm1', ...mocha }),
      ev.placed({ orderId: 'm2', ...mocha }),
      ev.placed({ orderId: 'm3', ...mocha }),
      ev.placed({ orderId: 'e1', ...espresso }),
      ev.placed({ orderId: 'e2', ...espresso }),
      ev.placed({ orderId: 'b1', ...mojito }),
      ev.placed({ orderId: 'b2', ...mojito }),
      ev.placed({ orderId: 'b3', ...mojito }),
      ev.placed({ orderId: 'b4', ...mojito }),
      ev.status('OrderCancelled', 'm3'),
      ev.rejected('b4', 'No ice'),
      ev.status('OrderStarted', 'l1'),
      ev.status('OrderStarted', 'l2'),
      ev.status('OrderCompleted', 'l2'),
      ev.status('OrderStarted', 'e1'),
      ev.status('OrderCompleted', 'e1'),
      ev.status('OrderPickedUp', 'e1'),
    );
  });
  afterEach(async () => {
    await h.cleanup();
  });

  const day3 = { from: new Date('2025-03-02T17:00:00.000Z'), to: new Date('2025-03-03T17:00:00.000Z') };

  it('ranks menus by counted orders, ties by name, without cancel and rejected', async () => {
    expect(await popularMenus(h.knex, day3)).toEqual([
      { Menu_name: 'Latte', categoryName: 'Coffee', categoryFor: 'cafe', totalOrder: 3 },
      { Menu_name: 'Mojito', categoryName: 'Cocktail', categoryFor: 'bar', totalOrder: 3 },
      { Menu_name: 'Espresso', categoryName: 'Coffee', categoryFor: 'cafe', totalOrder: 2 },
      { Menu_name: 'Mocha', categoryName: 'Coffee', categoryFor: 'cafe', totalOrder: 2 },
    ]);
  });

  it('filters by area and by the [from, to) range', async () => {
    expect((await popularMenus(h.knex, { ...day3, categoryFor: 'bar' })).map((r) => r.Menu_name)).toEqual(['Mojito']);
    expect(await popularMenus(h.knex, {})).toContainEqual({
      Menu_name: 'Espresso',
      categoryName: 'Coffee',
      categoryFor: 'cafe',
      totalOrder: 4,
    });
    expect(await popularMenus(h.knex, { to: day3.from })).toEqual([
      { Menu_name: 'Espresso', categoryName: 'Coffee', categoryFor: 'cafe', totalOrder: 2 },
    ]);
    expect(await popularMenus(h.knex, { from: new Date('2030-01-01') })).toEqual([]);
  });

  it('names each menu as the catalog calls it now, its orders under an earlier name counted with it', async () => {
    await h.given(
      { type: 'CategoryCreated', tags: [], data: { categoryId: 'c-coffee', name: 'Coffee', categoryFor: 'cafe' } },
      {
        type: 'MenuCreated',
        tags: [],
        data: { menuId: 'm-mocha', name: 'Mocha', description: '', categoryId: 'c-coffee' },
      },
      {
        type: 'MenuCreated',
        tags: [],
        data: { menuId: 'm-latte', name: 'Latte', description: '', categoryId: 'c-coffee' },
      },
      { type: 'MenuChanged', tags: [], data: { menuId: 'm-mocha', name: 'Mocha Supreme' } },
      { type: 'CategoryChanged', tags: [], data: { categoryId: 'c-coffee', name: 'Coffee Bar' } },
      ev.placed({ orderId: 'm4', ...mocha, menuName: 'Mocha Supreme', categoryName: 'Coffee Bar' }),
    );
    expect(await popularMenus(h.knex, { ...day3, categoryFor: 'cafe' })).toEqual([
      { Menu_name: 'Latte', categoryName: 'Coffee Bar', categoryFor: 'cafe', totalOrder: 3 },
      { Menu_name: 'Mocha Supreme', categoryName: 'Coffee Bar', categoryFor: 'cafe', totalOrder: 3 },
      { Menu_name: 'Espresso', categoryName: 'Coffee', categoryFor: 'cafe', totalOrder: 2 },
    ]);
  });

  it('ranks a menu moved to a category of the other area once per area, each row named for its own area', async () => {
    await h.given(
      { type: 'CategoryCreated', tags: [], data: { categoryId: 'c-coffee', name: 'Coffee', categoryFor: 'cafe' } },
      { type: 'CategoryCreated', tags: [], data: { categoryId: 'c-cocktail', name: 'Cocktail', categoryFor: 'bar' } },
      {
        type: 'MenuCreated',
        tags: [],
        data: { menuId: 'm-latte', name: 'Latte', description: '', categoryId: 'c-coffee' },
      },
      { type: 'MenuChanged', tags: [], data: { menuId: 'm-latte', name: 'Latte Shot', categoryId: 'c-cocktail' } },
      ev.placed({ orderId: 'l4', ...latte, menuName: 'Latte Shot', area: 'bar' }),
    );
    const rows = await popularMenus(h.knex, day3);
    expect(rows.filter((r) => r.Menu_name === 'Latte Shot')).toEqual([
      { Menu_name: 'Latte Shot', categoryName: 'Coffee', categoryFor: 'cafe', totalOrder: 3 },
      { Menu_name: 'Latte Shot', categoryName: 'Cocktail', categoryFor: 'bar', totalOrder: 1 },
    ]);
    expect(await popularMenus(h.knex, { ...day3, categoryFor: 'bar' })).toEqual([
      { Menu_name: 'Mojito', categoryName: 'Cocktail', categoryFor: 'bar', totalOrder: 3 },
      { Menu_name: 'Latte Shot', categoryName: 'Cocktail', categoryFor: 'bar', totalOrder: 1 },
    ]);
  });

  it('totals the counted orders of a period and area', async () => {
    expect(await totalOrders(h.knex, day3)).toBe(10);
    expect(await totalOrders(h.knex, {})).toBe(12);
    expect(await totalOrders(h.knex, { ...day3, categoryFor: 'cafe' })).toBe(7);
    expect(await totalOrders(h.knex, { ...day3, categoryFor: 'bar' })).toBe(3);
    expect(await totalOrders(h.knex, { from: day3.to })).toBe(0);
  });

  it("summarises a business day's orders by status", async () => {
    expect(await summary(h.knex, '2025-03-03')).toEqual({
      total: 12,
      counted: 10,
      byStatus: { ordered: 7, 'in-progress': 1, done: 1, picked: 1, rejected: 1, cancel: 1 },
    });
    expect(await summary(h.knex, '2025-03-02')).toMatchObject({ total: 2, byStatus: { ordered: 2 } });
    expect(await summary(h.knex, '2025-01-01')).toEqual({
      total: 0,
      counted: 0,
      byStatus: { ordered: 0, 'in-progress': 0, done: 0, picked: 0, rejected: 0, cancel: 0 },
    });
  });
});
