import { ACTIVE_ORDER_STATUSES, DEFAULT_SHOP_STATUS, type DomainEvent, type ShopStatus } from '@drinks/contracts';
import { evolveOrders, type OrderBook, type OrderState } from '../orders/order-state.js';

export function evolveShop(shop: ShopStatus, event: DomainEvent): ShopStatus {
  return event.type === 'ShopStatusChanged'
    ? { isCafeOpen: event.data.isCafeOpen, isBarOpen: event.data.isBarOpen }
    : shop;
}

/**
 * ChangeShopStatus needs the shop, today's orders and those of the earlier days that still have
 * waiting orders (the query brings `day:<today>` and `day:<d>` of each such day).
 */
export interface ShopState {
  shop: ShopStatus;
  orders: OrderBook;
}

export const initialState: ShopState = { shop: DEFAULT_SHOP_STATUS, orders: {} };

export function evolve(state: ShopState, event: DomainEvent): ShopState {
  return { shop: evolveShop(state.shop, event), orders: evolveOrders(state.orders, event) };
}

/** Ordered or in-progress orders of today and of any earlier day (a queue does not end at midnight). */
export function activeOrders(orders: OrderBook, today: string): OrderState[] {
  return Object.values(orders).filter((o) => o.businessDay <= today && ACTIVE_ORDER_STATUSES.includes(o.status));
}
