import { businessDay, shopStatusFromParam, tag, type NewEvent, type ShopStatusParam } from '@drinks/contracts';
import { RuleViolation } from '../../errors.js';
import type { Decider } from '../decider.js';
import type { OrderState } from '../orders/order-state.js';
import { activeOrders, evolve, initialState, type ShopState } from './state.js';

export interface ChangeShopStatus {
  type: 'ChangeShopStatus';
  target: ShopStatusParam;
  now: Date;
  timeZone: string;
}
export type ShopCommand = ChangeShopStatus;

export function decideChangeShopStatus(command: ChangeShopStatus, state: ShopState): NewEvent[] {
  const next = shopStatusFromParam(command.target);
  if (next.isCafeOpen === state.shop.isCafeOpen && next.isBarOpen === state.shop.isBarOpen) return [];
  const today = businessDay(command.now, command.timeZone);
  const waiting = activeOrders(state.orders, today);
  if (waiting.length > 0) throw new RuleViolation('ACTIVE_ORDERS', describeWaiting(waiting, today));
  return [{ type: 'ShopStatusChanged', data: next, tags: [tag.shop] }];
}

/** "There are still waiting or in-progress orders: Latte (today), Mocha (2025-01-14)." */
function describeWaiting(waiting: readonly OrderState[], today: string): string {
  const named = [...waiting]
    .sort((a, b) => a.businessDay.localeCompare(b.businessDay))
    .map((o) => `${o.menuName} (${o.businessDay === today ? 'today' : o.businessDay})`);
  const shown = named.length > 5 ? [...named.slice(0, 5), `${named.length - 5} more`] : named;
  return `There are still waiting or in-progress orders: ${shown.join(', ')}.`;
}

export function decide(command: ShopCommand, state: ShopState): NewEvent[] {
  switch (command.type) {
    case 'ChangeShopStatus':
      return decideChangeShopStatus(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown shop command ${String(unknown)}`);
    }
  }
}

export const shopDecider: Decider<ShopCommand, ShopState> = { initialState, evolve, decide };
