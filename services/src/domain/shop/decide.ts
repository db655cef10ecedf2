import { businessDay, shopStatusFromParam, tag, type NewEvent, type ShopStatusParam } from '@drinks/contracts';
import { RuleViolation } from '../../errors.js';
import type { Decider } from '../decider.js';
import { evolve, hasActiveOrders, initialState, type ShopState } from './state.js';

export interface ChangeShopStatus {
  type: 'ChangeShopStatus';
  target: ShopStatusParam;
  now: Date;
  timeZone: string;
}
export type ShopCommand = ChangeShopStatus;

export function changeShopStatus(command: ChangeShopStatus, state: ShopState): NewEvent[] {
  const next = shopStatusFromParam(command.target);
  if (next.isCafeOpen === state.shop.isCafeOpen && next.isBarOpen === state.shop.isBarOpen) return [];
  if (hasActiveOrders(state.orders, businessDay(command.now, command.timeZone)))
    throw new RuleViolation('ACTIVE_ORDERS');
  return [{ type: 'ShopStatusChanged', data: next, tags: [tag.shop] }];
}

export function decide(command: ShopCommand, state: ShopState): NewEvent[] {
  switch (command.type) {
    case 'ChangeShopStatus':
      return changeShopStatus(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown shop command ${String(unknown)}`);
    }
  }
}

export const shopDecider: Decider<ShopCommand, ShopState> = { initialState, evolve, decide };
