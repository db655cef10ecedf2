import { randomUUID } from 'node:crypto';
import type { Actor } from '../../domain/actor.js';
import {
  cancelOrder,
  changeShopStatus,
  completeOrder,
  createCategory,
  createMenu,
  pickUpOrder,
  placeOrder,
  rejectOrder,
  renameUser,
  startOrder,
} from '../../domain/index.js';
import type { EventStore } from '../../store/types.js';
import { FAKE_NOW, TZ, seedUsers } from './support.js';

export interface Shop {
  cafeMenus: string[];
  barMenus: string[];
  barista: Actor;
}

/** A catalog (two cafe menus, one bar menu) and the cafe open (the bar opens alone), at FAKE_NOW. */
export async function openShop(store: EventStore, now = new Date(FAKE_NOW)): Promise<Shop> {
  const clock = { now, timeZone: TZ };
  const cafe = randomUUID();
  const bar = randomUUID();
  await createCategory(store, { categoryId: cafe, name: 'Coffee', categoryFor: 'cafe' });
  await createCategory(store, { categoryId: bar, name: 'Bar', categoryFor: 'bar' });
  const cafeMenus = [randomUUID(), randomUUID()];
  const barMenus = [randomUUID()];
  await createMenu(store, { menuId: cafeMenus[0]!, name: 'Latte', description: 'milk', categoryId: cafe });
  await createMenu(store, { menuId: cafeMenus[1]!, name: 'Mocha', description: 'cocoa', categoryId: cafe });
  await createMenu(store, { menuId: barMenus[0]!, name: 'Soda', description: 'fizz', categoryId: bar });
  await changeShopStatus(store, { target: 'cafe-open', ...clock });
  return { cafeMenus, barMenus, barista: { id: randomUUID(), role: 'barista' } };
}

export function drink(shop: Shop, i: number, now: Date) {
  return {
    menuId: shop.cafeMenus[i % 2]!,
    drink: { type: 'hot' as const, sweetness: 50, remark: '', tumblerImage: '/api/images/x.jpg' },
    atOffice: null,
    now,
    timeZone: TZ,
  };
}

/**
 * A day of business through the domain commands: `users` customers order up to twice,
 * the barista works through the queue (start, complete, reject), owners cancel, pick up
 * and rename themselves. Returns the last position.
 */
export async function writeDay(
  store: EventStore,
  shop: Shop,
  users: number,
  now = new Date(FAKE_NOW),
): Promise<number> {
  const { ids } = await seedUsers(store, users);
  const orders: { id: string; owner: Actor }[] = [];
  for (const [u, userId] of ids.entries()) {
    for (let k = 0; k < 2; k++) {
      const orderId = randomUUID();
      await placeOrder(store, { orderId, userId, ...drink(shop, u + k, now) });
      orders.push({ id: orderId, owner: { id: userId, role: 'user' } });
    }
  }
  for (const [i, { id, owner }] of orders.entries()) {
    const by = { orderId: id, actor: shop.barista };
    switch (i % 6) {
      case 0:
        await startOrder(store, by);
        await completeOrder(store, by);
        await pickUpOrder(store, { orderId: id, actor: owner });
        break;
      case 1:
        await cancelOrder(store, { orderId: id, actor: owner });
        break;
      case 2:
        await startOrder(store, by);
        await rejectOrder(store, { ...by, reason: 'Out of milk' });
        break;
      case 3:
        await startOrder(store, by);
        break;
      case 4:
        await renameUser(store, { userId: owner.id, name: `Renamed ${String.fromCharCode(65 + (i % 26))}` });
        break;
      default:
        break;
    }
  }
  return store.head();
}
