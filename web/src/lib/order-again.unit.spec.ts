import type { Category, Order } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import { orderAgainProblem, orderAgainTarget, readOrderAgain } from './order-again.js';

const cafeOrder = {
  type: 'cold',
  sweetness: 50,
  remark: 'less ice',
  tumblerImage: '/images/t.jpg',
  menu: { id: 'm1', name: 'Iced Latte', category: { id: 'c1', name: 'Coffee', categoryFor: 'cafe' } },
} satisfies Pick<Order, 'type' | 'sweetness' | 'remark' | 'tumblerImage' | 'menu'>;

describe('orderAgainTarget', () => {
  it('opens the cafe form with the same choices', () => {
    expect(orderAgainTarget(cafeOrder, 'user')).toEqual({
      to: '/form/Iced%20Latte/m1',
      state: { orderAgain: { type: 'cold', sweetness: 50, remark: 'less ice', tumblerImage: '/images/t.jpg' } },
    });
    expect(orderAgainTarget({ ...cafeOrder, remark: '-' }, 'admin').to).toBe('/form-admin/Iced%20Latte/m1');
    expect(orderAgainTarget({ ...cafeOrder, remark: '-' }, 'user').state.orderAgain.remark).toBe('');
  });

  it('opens the bar form with the description the order kept', () => {
    const bar = {
      ...cafeOrder,
      sweetness: null,
      tumblerImage: 'Gin & tonic',
      menu: { ...cafeOrder.menu, category: { id: 'b', name: 'Bar', categoryFor: 'bar' as const } },
    };
    const t = orderAgainTarget(bar, 'user');
    expect(t.to).toBe('/form-bar/Iced%20Latte/m1/Gin%20%26%20tonic');
    expect(t.state.orderAgain.tumblerImage).toBeNull();
  });

  it("gives a description the address cannot carry ('.', '..', none) as '-'", () => {
    const bar = (tumblerImage: string | null) => ({
      ...cafeOrder,
      sweetness: null,
      tumblerImage,
      menu: { ...cafeOrder.menu, category: { id: 'b', name: 'Bar', categoryFor: 'bar' as const } },
    });
    for (const description of ['..', '.', ' .. ', '', null])
      expect(orderAgainTarget(bar(description), 'admin').to).toBe('/form-bar-admin/Iced%20Latte/m1/-');
    expect(orderAgainTarget(bar('...'), 'user').to).toBe('/form-bar/Iced%20Latte/m1/...');
  });
});

describe('readOrderAgain', () => {
  it('reads only a prefill', () => {
    expect(readOrderAgain(null)).toBeNull();
    expect(readOrderAgain({ other: 1 })).toBeNull();
    expect(readOrderAgain({ orderAgain: { type: 'hot', sweetness: 0, remark: '', tumblerImage: null } })?.type).toBe(
      'hot',
    );
  });
});

describe('orderAgainProblem', () => {
  const cat = (
    menu: Partial<Category['menu'][number]>,
    isAvailable: 'available' | 'unavailable' = 'available',
  ): Category[] => [
    {
      id: 'c1',
      name: 'Coffee',
      categoryFor: 'cafe',
      isAvailable,
      menu: [
        {
          id: 'm1',
          name: 'Iced Latte',
          description: '',
          category_id: 'c1',
          isActive: 'active',
          isAvailable: 'available',
          ...menu,
        },
      ],
    },
  ];
  it('explains inactive, removed and unserved menus', () => {
    expect(orderAgainProblem(cat({}), 'm1', 'Iced Latte')).toBeNull();
    expect(orderAgainProblem(cat({ isActive: 'inactive' }), 'm1', 'Iced Latte')).toMatch(/not available right now/);
    expect(orderAgainProblem(cat({ isAvailable: 'unavailable' }), 'm1', 'Iced Latte')).toMatch(/no longer on the menu/);
    expect(orderAgainProblem([], 'm1', 'Iced Latte')).toMatch(/no longer on the menu/);
    expect(orderAgainProblem(cat({}, 'unavailable'), 'm1', 'Iced Latte')).toMatch(/Coffee is not served/);
  });
});
