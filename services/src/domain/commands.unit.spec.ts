import type { EventType } from '@drinks/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { type AppError } from '../errors.js';
import { createMemoryEventStore } from '../store/memory.js';
import { ConcurrencyError, type EventStore } from '../store/types.js';
import type { Actor } from './actor.js';
import {
  cancelOrder,
  changeMenu,
  changeShopStatus,
  changeUser,
  completeOrder,
  createCategory,
  createMenu,
  placeOrder,
  registerUser,
  startOrder,
  type PlaceOrderInput,
} from './commands.js';
import { TZ, WEDNESDAY_NOON } from './fixtures.js';
import { handleCommand } from './handle-command.js';
import { menuEvents } from './queries.js';
import { catalogDecider } from './catalog/decide.js';

let store: EventStore;
beforeEach(async () => {
  store = createMemoryEventStore();
  await seed(store);
});

describe('placeOrder', () => {
  it('appends OrderPlaced and returns the order id', async () => {
    const result = await placeOrder(store, order('o-1'));
    expect(result).toMatchObject({ orderId: 'o-1', duplicate: false });
    expect(result.events[0]).toMatchObject({
      type: 'OrderPlaced',
      tags: expect.arrayContaining(['order:o-1', 'day:2025-01-15']),
    });
    expect(result.events[0]?.metadata.actor).toBe(alice.id);
  });

  it('answers 404 for an unknown menu', async () => {
    await expect(placeOrder(store, { ...order('o-1'), menuId: 'm-nope' })).rejects.toMatchObject({ status: 404 });
  });

  it('gives exactly 2 orders out of 10 concurrent calls by one user', async () => {
    const calls = Array.from({ length: 10 }, (_, i) => placeOrder(store, order(`o-${i}`)));
    const settled = await Promise.allSettled(calls);
    const refused = settled
      .filter((s) => s.status === 'rejected')
      .map((s) => (s as PromiseRejectedResult).reason as AppError);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
    expect(refused.map((e) => e.code)).toEqual(Array(8).fill('ORDER_LIMIT_REACHED'));
    expect(await countOf('OrderPlaced')).toBe(2);
  });

  it('returns the first result for a repeated idempotency key', async () => {
    const first = await placeOrder(store, order('o-1'), { idempotencyKey: 'k-1' });
    const again = await placeOrder(store, order('o-2'), { idempotencyKey: 'k-1' });
    expect(again).toMatchObject({ duplicate: true, orderId: 'o-1', lastPosition: first.lastPosition });
    expect(await countOf('OrderPlaced')).toBe(1);
  });

  it("decides with the shop's and the menu's last switch, however many came before", async () => {
    for (const target of ['all-close', 'cafe-open', 'all-close', 'cafe-open'] as const)
      await changeShopStatus(store, { target, now: WEDNESDAY_NOON, timeZone: TZ });
    for (const isActive of ['inactive', 'active', 'inactive'] as const)
      await changeMenu(store, { menuId: 'm-latte', patch: { isActive } });
    await expect(placeOrder(store, order('o-1'))).rejects.toMatchObject({ code: 'MENU_INACTIVE' });

    await changeMenu(store, { menuId: 'm-latte', patch: { isActive: 'active' } });
    await changeShopStatus(store, { target: 'all-close', now: WEDNESDAY_NOON, timeZone: TZ });
    await expect(placeOrder(store, order('o-2'))).rejects.toMatchObject({ code: 'SHOP_CLOSED' });

    await changeShopStatus(store, { target: 'cafe-open', now: WEDNESDAY_NOON, timeZone: TZ });
    await expect(placeOrder(store, order('o-3'))).resolves.toMatchObject({ orderId: 'o-3' });
  });

  it('decides with the category a menu moved to after an earlier order of it', async () => {
    const first = await placeOrder(store, order('o-1'));
    expect(first.events[0]?.data).toMatchObject({ categoryId: 'c-coffee', categoryFor: 'cafe' });
    await cancelOrder(store, { orderId: 'o-1', actor: alice });
    await createCategory(store, { categoryId: 'c-beer', name: 'Beer', categoryFor: 'bar' });
    await changeShopStatus(store, { target: 'all-close', now: WEDNESDAY_NOON, timeZone: TZ });
    await changeMenu(store, { menuId: 'm-latte', patch: { categoryId: 'c-beer' } });
    await changeShopStatus(store, { target: 'bar-open', now: WEDNESDAY_NOON, timeZone: TZ });

    const second = await placeOrder(store, order('o-2'));
    expect(second.events[0]?.data).toMatchObject({ categoryId: 'c-beer', categoryName: 'Beer', categoryFor: 'bar' });
  });
});

describe('a barista starting while the owner cancels', () => {
  it('lets exactly one win; the other gets a 409', async () => {
    const winners = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const orderId = `race-${round}`;
      await placeOrder(store, order(orderId, `2025-01-${10 + round}T02:00:00Z`));
      const calls = [
        () => startOrder(store, { orderId, actor: barista }).then(() => 'start'),
        () => cancelOrder(store, { orderId, actor: alice }).then(() => 'cancel'),
      ];
      if (round % 2 === 1) calls.reverse();
      const settled = await Promise.allSettled(calls.map((call) => call()));
      const won = settled.filter((s): s is PromiseFulfilledResult<string> => s.status === 'fulfilled');
      const refused = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(refused[0]?.reason).toMatchObject({ status: 409, code: 'INVALID_TRANSITION' });
      winners.add(won[0]!.value);
    }
    expect((await store.read([{ types: ['OrderStarted', 'OrderCancelled'] }])).events).toHaveLength(6);
    expect([...winners].sort()).toEqual(['cancel', 'start']);
  });
});

describe('a barista demoted or disabled while the read model still says barista', () => {
  it('moves no order on: the log, not the request, says who is staff', async () => {
    await registerUser(store, { userId: barista.id, email: 'bea@corp.test', name: 'Bea', role: 'barista' });
    await placeOrder(store, order('o-1'));
    await placeOrder(store, order('o-2'));
    await startOrder(store, { orderId: 'o-1', actor: barista });

    await changeUser(store, { actor: admin, userId: barista.id, patch: { role: 'user' } });
    await expect(completeOrder(store, { orderId: 'o-1', actor: barista })).rejects.toMatchObject({
      status: 403,
      message: 'Your role or your account has changed: you can no longer do this.',
    });
    await changeUser(store, { actor: admin, userId: barista.id, patch: { role: 'barista', isAvailable: false } });
    await expect(startOrder(store, { orderId: 'o-2', actor: barista })).rejects.toMatchObject({ status: 403 });
    expect(await countOf('OrderCompleted')).toBe(0);
    expect(await countOf('OrderStarted')).toBe(1);

    await changeUser(store, { actor: admin, userId: barista.id, patch: { isAvailable: true } });
    await expect(completeOrder(store, { orderId: 'o-1', actor: barista })).resolves.toBeTruthy();
  });

  it('changes neither the shop nor the menu', async () => {
    await registerUser(store, { userId: barista.id, email: 'bea@corp.test', name: 'Bea', role: 'barista' });
    const asBarista = { actor: barista.id };
    const closeShop = () =>
      changeShopStatus(store, { target: 'all-close', now: WEDNESDAY_NOON, timeZone: TZ }, asBarista);
    const retire = () => changeMenu(store, { menuId: 'm-latte', patch: { isActive: 'inactive' } }, asBarista);

    await changeUser(store, { actor: admin, userId: barista.id, patch: { role: 'user' } });
    await expect(closeShop()).rejects.toMatchObject({ status: 403 });
    await expect(retire()).rejects.toMatchObject({ status: 403 });
    expect(await countOf('ShopStatusChanged')).toBe(0);
    expect(await countOf('MenuActivityChanged')).toBe(0);

    await changeUser(store, { actor: admin, userId: barista.id, patch: { role: 'barista' } });
    await expect(closeShop()).resolves.toBeTruthy();
    await expect(retire()).resolves.toBeTruthy();
  });
});

describe('the same keyed command sent twice at once (to two processes)', () => {
  it('given the twin commits first, when this one finds its append in conflict, then it answers as the twin did', async () => {
    await placeOrder(store, order('o-twin'));
    let twinDone = false;
    // The twin (another process) commits the same start under the same key just before this append.
    const racing: EventStore = {
      ...store,
      append: async (events, options) => {
        if (twinDone) return store.append(events, options);
        twinDone = true;
        await store.append(events, options?.metadata ? { metadata: options.metadata } : {});
        throw new ConcurrencyError();
      },
    };
    const result = await startOrder(racing, { orderId: 'o-twin', actor: barista }, { idempotencyKey: 'start-1' });
    expect(result.duplicate).toBe(true);
    expect(result.events.map((e) => e.type)).toEqual(['OrderStarted']);
    expect((await store.read([{ types: ['OrderStarted'] }])).events).toHaveLength(1);
  });
});

describe('changeShopStatus', () => {
  it('refuses to close while an order of today waits, then closes once it is cancelled', async () => {
    await placeOrder(store, order('o-1'));
    await expect(
      changeShopStatus(store, { target: 'all-close', now: WEDNESDAY_NOON, timeZone: TZ }),
    ).rejects.toMatchObject({
      code: 'ACTIVE_ORDERS',
    });
    await cancelOrder(store, { orderId: 'o-1', actor: alice });
    const closed = await changeShopStatus(store, { target: 'all-close', now: WEDNESDAY_NOON, timeZone: TZ });
    expect(closed.status).toEqual({ isCafeOpen: false, isBarOpen: false });
    const again = await changeShopStatus(store, { target: 'all-close', now: WEDNESDAY_NOON, timeZone: TZ });
    expect(again).toEqual({ events: [], lastPosition: closed.lastPosition, duplicate: false, status: closed.status });
  });
});

describe('changeMenu', () => {
  it('applies the activity switch and the other fields in one append when the shop is closed', async () => {
    await changeShopStatus(store, { target: 'all-close', now: WEDNESDAY_NOON, timeZone: TZ });
    const result = await changeMenu(store, { menuId: 'm-latte', patch: { name: 'Mocha', isActive: 'inactive' } });
    expect(result.events.map((e) => e.type)).toEqual(['MenuChanged', 'MenuActivityChanged']);
  });

  it('appends nothing at all when the shop rule refuses part of the patch', async () => {
    const head = await store.head();
    await expect(
      changeMenu(store, { menuId: 'm-latte', patch: { name: 'Mocha', isActive: 'inactive' } }),
    ).rejects.toMatchObject({
      code: 'SHOP_OPEN',
    });
    expect(await store.head()).toBe(head);
    expect((await changeMenu(store, { menuId: 'm-latte', patch: { isActive: 'inactive' } })).events).toHaveLength(1);
  });
});

describe('changeUser', () => {
  it('changes name and role in one append and refuses the own role', async () => {
    const result = await changeUser(store, {
      actor: admin,
      userId: alice.id,
      patch: { name: 'Ally', role: 'barista' },
    });
    expect(result.events.map((e) => e.type)).toEqual(['UserRenamed', 'UserRoleChanged']);
    await expect(changeUser(store, { actor: admin, userId: admin.id, patch: { role: 'user' } })).rejects.toMatchObject({
      code: 'OWN_ROLE',
    });
  });

  it('refuses a second registration of an email', async () => {
    await expect(
      registerUser(store, { userId: 'u-x', email: 'ALICE@corp.test', name: 'X', role: 'user' }),
    ).rejects.toMatchObject({
      code: 'EMAIL_TAKEN',
    });
  });
});

describe('handleCommand', () => {
  it('gives up with CONCURRENCY_CONFLICT after the retries', async () => {
    let appends = 0;
    const busy: EventStore = {
      ...store,
      append: async () => {
        appends++;
        throw new ConcurrencyError();
      },
    };
    const run = handleCommand(busy, {
      query: menuEvents('m-latte'),
      decider: catalogDecider,
      command: { type: 'SetMenuActivity', menuId: 'm-latte', isActive: 'inactive' },
      maxRetries: 3,
    });
    await expect(run).rejects.toMatchObject({ status: 409, code: 'CONCURRENCY_CONFLICT' });
    expect(appends).toBe(4);
  });
});

// Fixtures

const alice: Actor = { id: 'u-alice', role: 'user' };
const barista: Actor = { id: 'u-barista', role: 'barista' };
const admin: Actor = { id: 'u-admin', role: 'admin' };

async function seed(s: EventStore): Promise<void> {
  await registerUser(s, { userId: alice.id, email: 'alice@corp.test', name: 'Alice', role: 'user' });
  await registerUser(s, { userId: admin.id, email: 'boss@corp.test', name: 'Boss', role: 'admin' });
  await createCategory(s, { categoryId: 'c-coffee', name: 'Coffee', categoryFor: 'cafe' });
  await createMenu(s, { menuId: 'm-latte', name: 'Latte', description: '', categoryId: 'c-coffee' });
}

function order(orderId: string, at = '2025-01-15T02:00:00Z'): PlaceOrderInput {
  return {
    orderId,
    userId: alice.id,
    menuId: 'm-latte',
    drink: { type: 'hot', sweetness: 50, remark: '', tumblerImage: '/api/images/t.webp' },
    atOffice: null,
    now: new Date(at),
    timeZone: TZ,
  };
}

async function countOf(type: EventType): Promise<number> {
  return (await store.read([{ types: [type] }])).events.length;
}
