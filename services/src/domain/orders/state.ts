import { DEFAULT_SHOP_STATUS, type DomainEvent, type ShopStatus } from '@drinks/contracts';
import { emptyCatalog, evolveCatalog, type Catalog } from '../catalog/state.js';
import { evolveShop } from '../shop/state.js';
import { evolve as evolveUsers, initialState as noUsers, type UsersState } from '../users/state.js';
import { evolveOrders, type OrderBook } from './order-state.js';

/**
 * What order commands decide on. PlaceOrder's query brings the menu, its category,
 * the shop, the user and the user's orders of the business day; a transition's
 * query brings the one order's events.
 */
export interface OrdersState {
  shop: ShopStatus;
  catalog: Catalog;
  users: UsersState;
  orders: OrderBook;
}

export const initialState: OrdersState = {
  shop: DEFAULT_SHOP_STATUS,
  catalog: emptyCatalog,
  users: noUsers,
  orders: {},
};

export function evolve(state: OrdersState, event: DomainEvent): OrdersState {
  return {
    shop: evolveShop(state.shop, event),
    catalog: evolveCatalog(state.catalog, event),
    users: evolveUsers(state.users, event),
    orders: evolveOrders(state.orders, event),
  };
}
