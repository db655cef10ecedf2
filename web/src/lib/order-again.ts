import type { Category, DrinkType, Order, Role } from '@drinks/contracts';
import { paths } from './paths.js';

/** What 'Order again' carries to the order form in the router location state. */
export interface OrderAgainPrefill {
  type: DrinkType | null;
  sweetness: number | null;
  remark: string;
  tumblerImage: string | null;
}

export function orderAgainTarget(
  order: Pick<Order, 'type' | 'sweetness' | 'remark' | 'tumblerImage' | 'menu'>,
  role: Role | undefined,
): { to: string; state: { orderAgain: OrderAgainPrefill } } {
  const bar = order.menu.category.categoryFor === 'bar';
  const to = bar
    ? paths.barForm(role, order.menu.name, order.menu.id, order.tumblerImage ?? '')
    : paths.cafeForm(role, order.menu.name, order.menu.id);
  const remark = order.remark === '-' ? '' : order.remark;
  return {
    to,
    state: {
      orderAgain: {
        type: order.type,
        sweetness: bar ? null : order.sweetness,
        remark,
        tumblerImage: bar ? null : order.tumblerImage,
      },
    },
  };
}

export function readOrderAgain(state: unknown): OrderAgainPrefill | null {
  if (!state || typeof state !== 'object' || !('orderAgain' in state)) return null;
  const p = (state as { orderAgain: unknown }).orderAgain;
  return p && typeof p === 'object' ? (p as OrderAgainPrefill) : null;
}

/** Why the menu cannot be ordered again right now, or null when it can. */
export function orderAgainProblem(categories: readonly Category[], menuId: string, menuName: string): string | null {
  const category = categories.find((c) => c.menu.some((m) => m.id === menuId));
  const menu = category?.menu.find((m) => m.id === menuId);
  if (!category || !menu || menu.isAvailable !== 'available')
    return `${menuName} is no longer on the menu. Please choose another menu.`;
  if (category.isAvailable !== 'available')
    return `${category.name} is not served right now, so ${menuName} cannot be ordered. Please choose another menu.`;
  if (menu.isActive !== 'active')
    return `${menuName} is not available right now (out of stock). Please choose another menu.`;
  return null;
}
