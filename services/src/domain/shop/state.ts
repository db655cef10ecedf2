import { ACTIVE_ORDER_STATUSES, DEFAULT_SHOP_STATUS, type DomainEvent, type ShopStatus } from '@drinks/contracts';
import { evolveOrders, type OrderBook } from '../orders/order-state.js';

export function evolveShop(shop: ShopStatus, event: DomainEvent): ShopStatus {
  return event.type === 'ShopStatusChanged'
    ? { isCafeOpen: event.data.isCafeOpen, isBarOpen: event.data.isBarOpen }
    : shop;
}

export const isFullyClosed = (shop: ShopStatus): boolean => !shop.isCafeOpen && !shop.isBarOpen;

/** ChangeShopStatus needs the shop and today's orders (the query brings `day:<today>`). */
export interface ShopState {
  shop: ShopStatus;
  orders: OrderBook;
}

export const initialState: ShopState = { shop: DEFAULT_SHOP_STATUS, orders: {} };

export function evolve(state: ShopState, event: DomainEvent): ShopState {
  return { shop: evolveShop(state.shop, event), orders: evolveOrders(state.orders, event) };
}

export function hasActiveOrders(orders: OrderBook, businessDay: string): boolean {
  return Object.values(orders).some((o) => o.businessDay === businessDay && ACTIVE_ORDER_STATUSES.includes(o.status));
}
