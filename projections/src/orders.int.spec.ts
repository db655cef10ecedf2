import { Order } from '@drinks/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countActiveOrdersOfDay, getOrder, listOrders, myQueue, type ListOrdersOptions } from './orders.js';
import { BACKENDS, ev, harness, type Harness } from './test-support/harness.js';
import { planOf, statementsOf } from './test-support/plans.js';

const DAY1 = '2025-03-03';
const DAY2 = '2025-03-04';

describe.each(BACKENDS)('orders projection on %s', (backend) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(backend);
  });
  afterEach(async () => {
    await h.cleanup();
  });

  const queueOf = async (id: string) => (await getOrder(h.knex, id))?.queue_at;

  describe('when orders of two areas are queued, some still waiting from the day before', () => {
    beforeEach(async () => {
      await h.given(
        ev.placed({ orderId: 'a1', area: 'cafe', day: DAY1 }),
        ev.placed({ orderId: 'b1', area: 'bar', day: DAY1, userId: 'u2', userName: 'Bob' }),
        ev.placed({ orderId: 'a2', area: 'cafe', day: DAY1, userId: 'u2', userName: 'Bob' }),
        ev.placed({ orderId: 'a3', area: 'cafe', day: DAY1, userId: 'u3', userName: 'Cid' }),
        ev.placed({ orderId: 'b2', area: 'bar', day: DAY1 }),
        ev.status('OrderStarted', 'a1'),
        ev.placed({ orderId: 'c1', area: 'cafe', day: DAY2 }),
      );
    });

    it("numbers each area separately, in placement order: the day before's leftovers first, no place twice", async () => {
      expect(await queueOf('a1')).toBe(1);
      expect(await queueOf('a2')).toBe(2);
      expect(await queueOf('a3')).toBe(3);
      expect(await queueOf('c1')).toBe(4);
      expect(await queueOf('b1')).toBe(1);
      expect(await queueOf('b2')).toBe(2);
      const cafe = await listOrders(h.knex, { statuses: ['ordered', 'in-progress'], sort: 'orderDate' });
      expect(cafe.filter((o) => o.menu.category.categoryFor === 'cafe').map((o) => o.queue_at)).toEqual([1, 2, 3, 4]);
    });

    it('moves everyone up when an order leaves the queue, and clears its own place', async () => {
      await h.given(
        ev.status('OrderCompleted', 'a1'),
        ev.status('OrderCancelled', 'a2', 'u2'),
        ev.rejected('b1', 'Out of stock', 'u2'),
      );
      expect(await queueOf('a1')).toBeNull();
      expect(await queueOf('a2')).toBeNull();
      expect(await queueOf('b1')).toBeNull();
      expect(await queueOf('a3')).toBe(1);
      expect(await queueOf('b2')).toBe(1);
      expect(await queueOf('c1')).toBe(2);
    });

    it("lists the user's ordered and in-progress orders with their places", async () => {
      await h.given(ev.status('OrderCompleted', 'a1'));
      const mine = await myQueue(h.knex, 'u1');
      expect(mine.map((o) => [o.id, o.status, o.queue_at])).toEqual([
        ['b2', 'ordered', 2],
        ['c1', 'ordered', 3],
      ]);
      // The user's list counts the same places, and none for a finished order.
      const listed = await listOrders(h.knex, { userId: 'u1', sort: 'orderDate' });
      expect(listed.map((o) => [o.id, o.queue_at])).toEqual([
        ['a1', null],
        ['b2', 2],
        ['c1', 3],
      ]);
      for (const o of listed) expect(Order.parse(o)).toEqual(o);
    });

    it('returns orders that parse with the contract', async () => {
      const all = await listOrders(h.knex, { sort: 'orderDate' });
      expect(all).toHaveLength(6);
      for (const o of all) expect(Order.parse(o)).toEqual(o);
      const a1 = all.find((o) => o.id === 'a1')!;
      expect(a1).toMatchObject({
        status: 'in-progress',
        type: 'hot',
        sweetness: 50,
        reject_note: null,
        user: { id: 'u1', name: 'Ann' },
        menu: { id: 'm-latte', name: 'Latte', category: { id: 'c-coffee', name: 'Coffee', categoryFor: 'cafe' } },
      });
    });
  });

  describe('when an order goes through its life', () => {
    it('records the status, the update instant and the reject reason', async () => {
      h.at('2025-03-03T02:00:00.000Z');
      await h.given(ev.placed({ orderId: 'o1' }), ev.placed({ orderId: 'o2' }));
      h.at('2025-03-03T02:05:00.000Z');
      await h.given(ev.status('OrderStarted', 'o1'));
      let o1 = await getOrder(h.knex, 'o1');
      expect(o1).toMatchObject({
        status: 'in-progress',
        orderDate: '2025-03-03T02:00:00.000Z',
        updatedAt: '2025-03-03T02:05:00.000Z',
      });
      h.at('2025-03-03T02:09:00.000Z');
      await h.given(ev.status('OrderCompleted', 'o1'), ev.rejected('o2', 'Sold out'));
      h.at('2025-03-03T02:30:00.000Z');
      await h.given(ev.status('OrderPickedUp', 'o1'));
      o1 = await getOrder(h.knex, 'o1');
      expect(o1).toMatchObject({
        status: 'picked',
        updatedAt: '2025-03-03T02:30:00.000Z',
        reject_note: null,
        queue_at: null,
      });
      expect(await getOrder(h.knex, 'o2')).toMatchObject({
        status: 'rejected',
        reject_note: 'Sold out',
        updatedAt: '2025-03-03T02:09:00.000Z',
      });
      expect(await getOrder(h.knex, 'nope')).toBeNull();
    });

    it("follows the owner's renames", async () => {
      await h.given(
        ev.placed({ orderId: 'o1', userName: 'Ann' }),
        ev.renamed('u1', 'Anna'),
        ev.placed({ orderId: 'o2', userName: 'Anna' }),
      );
      await h.given(ev.renamed('u1', 'Annie'));
      expect((await getOrder(h.knex, 'o1'))?.user.name).toBe('Annie');
      expect((await getOrder(h.knex, 'o2'))?.user.name).toBe('Annie');
    });
  });

  describe('when orders span several days and statuses', () => {
    beforeEach(async () => {
      h.at('2025-03-02T03:00:00.000Z');
      await h.given(ev.placed({ orderId: 'old', day: '2025-03-02' }));
      h.at('2025-03-03T02:00:00.000Z');
      await h.given(
        ev.placed({ orderId: 'x1' }),
        ev.placed({ orderId: 'x2' }),
        ev.placed({ orderId: 'x3' }),
        ev.placed({ orderId: 'y1', userId: 'u2', userName: 'Bob' }),
      );
      h.at('2025-03-03T03:00:00.000Z');
      await h.given(ev.status('OrderCancelled', 'x1'), ev.rejected('x2', 'No milk'));
      h.at('2025-03-03T04:00:00.000Z');
      await h.given(ev.status('OrderStarted', 'x3'));
    });

    it('counts the day’s orders that are not cancelled or rejected', async () => {
      expect(await countActiveOrdersOfDay(h.knex, 'u1', DAY1)).toBe(1);
      expect(await countActiveOrdersOfDay(h.knex, 'u1', '2025-03-02')).toBe(1);
      expect(await countActiveOrdersOfDay(h.knex, 'u2', DAY1)).toBe(1);
      expect(await countActiveOrdersOfDay(h.knex, 'u3', DAY1)).toBe(0);
    });

    it('filters by user, status and [from, to) on the order date', async () => {
      const ids = (os: Order[]) => os.map((o) => o.id);
      expect(ids(await listOrders(h.knex, { userId: 'u1', sort: 'orderDate' }))).toEqual(['old', 'x1', 'x2', 'x3']);
      expect(ids(await listOrders(h.knex, { statuses: ['cancel', 'rejected'], sort: 'orderDate' }))).toEqual([
        'x1',
        'x2',
      ]);
      const from = new Date('2025-03-03T02:00:00.000Z');
      expect(ids(await listOrders(h.knex, { from, sort: 'orderDate' }))).toEqual(['x1', 'x2', 'x3', 'y1']);
      expect(ids(await listOrders(h.knex, { to: from, sort: 'orderDate' }))).toEqual(['old']);
    });

    it('sorts by the latest update first', async () => {
      const os = await listOrders(h.knex, { userId: 'u1', sort: 'updatedAtDesc' });
      expect(os.map((o) => o.id)).toEqual(['x3', 'x2', 'x1', 'old']);
    });
  });

  describe("when a day's list carries the day before's leftovers", () => {
    const from = new Date('2025-03-04T00:00:00.000Z');
    const to = new Date('2025-03-05T00:00:00.000Z');
    const today = { from, to, sort: 'orderDate', carryOver: ['ordered', 'in-progress'] } as const;
    const ids = (os: Order[]) => os.map((o) => o.id);
    beforeEach(async () => {
      const bob = { userId: 'u2', userName: 'Bob' };
      h.at('2025-03-03T02:00:00.000Z');
      await h.given(
        ev.placed({ orderId: 'waiting' }),
        ev.placed({ orderId: 'ready' }),
        ev.placed({ orderId: 'taken' }),
        ev.placed({ orderId: 'bobReady', ...bob }),
        ev.placed({ orderId: 'bobMaking', ...bob }),
        ev.placed({ orderId: 'bobCancelled', ...bob }),
        ev.status('OrderCompleted', 'ready'),
        ev.status('OrderCompleted', 'taken'),
        ev.status('OrderPickedUp', 'taken'),
        ev.status('OrderCompleted', 'bobReady', 'u2'),
        ev.status('OrderStarted', 'bobMaking', 'u2'),
        ev.status('OrderCancelled', 'bobCancelled', 'u2'),
      );
      h.at('2025-03-04T02:00:00.000Z');
      await h.given(
        ev.placed({ orderId: 'mine', day: DAY2 }),
        ev.placed({ orderId: 'bobs', day: DAY2, ...bob }),
        ev.status('OrderCancelled', 'bobs', 'u2', DAY2),
      );
      h.at('2025-03-05T02:00:00.000Z');
      await h.given(ev.placed({ orderId: 'tomorrow', day: '2025-03-05' }));
    });

    it("gives a user the day's orders, their own still waiting and their own finished drink not picked up", async () => {
      const own = { userId: 'u1', statuses: ['done'] } as const;
      expect(ids(await listOrders(h.knex, { ...today, userId: 'u1', carryOverOwn: own }))).toEqual([
        'waiting',
        'ready',
        'mine',
      ]);
      expect(ids(await listOrders(h.knex, { ...today, userId: 'u3', carryOverOwn: { ...own, userId: 'u3' } }))).toEqual(
        [],
      );
    });

    it("gives staff everyone's orders of the day, everyone's still waiting and only their own finished drink", async () => {
      const own = { userId: 'u2', statuses: ['done'] } as const;
      expect(ids(await listOrders(h.knex, { ...today, carryOverOwn: own }))).toEqual([
        'waiting',
        'bobReady',
        'bobMaking',
        'mine',
        'bobs',
      ]);
      expect(ids(await listOrders(h.knex, { ...today, statuses: ['ordered'], carryOverOwn: own }))).toEqual([
        'waiting',
        'mine',
      ]);
      expect(ids(await listOrders(h.knex, { ...today, userId: 'u1' }))).toEqual(['waiting', 'mine']);
    });
  });
});

describe('orders projection on sqlite, its plans', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness('sqlite');
  });
  afterEach(async () => {
    await h.cleanup();
  });

  it("finds the user's waiting orders by user and status, not by walking every order they placed", async () => {
    await h.given(
      ev.placed({ orderId: 'a1', area: 'cafe', day: DAY1 }),
      ev.placed({ orderId: 'a2', area: 'cafe', day: DAY2 }),
    );
    const [mine, sent] = await statementsOf(h.knex, () => myQueue(h.knex, 'u1'));
    expect(mine.map((o) => o.id)).toEqual(['a1', 'a2']);
    expect(await planOf(h.knex, sent[0]!)).toContainEqual(
      expect.stringMatching(/^SEARCH o USING INDEX rm_orders_user_status_idx \(user_id=\? AND status=\?\)/),
    );
  });

  /** The plan of the first statement listOrders sends. */
  async function listPlan(options: ListOrdersOptions): Promise<string[]> {
    await h.given(ev.placed({ orderId: 'a1' }), ev.placed({ orderId: 'a2', userId: 'u2', userName: 'Bob' }));
    const [, sent] = await statementsOf(h.knex, () => listOrders(h.knex, options));
    return planOf(h.knex, sent[0]!);
  }

  it("reads a board's queue from its status, not by walking every order ever placed", async () => {
    const plan = await listPlan({ statuses: ['ordered'], sort: 'orderDate' });
    expect(plan).toContainEqual(expect.stringMatching(/^SEARCH o USING INDEX rm_orders_status_date_idx \(status=\?\)/));
    expect(plan.filter((step) => step.startsWith('SCAN'))).toEqual([]);
  });

  const day = { from: new Date('2025-03-04T00:00:00.000Z'), to: new Date('2025-03-05T00:00:00.000Z') };
  const carrying = { ...day, sort: 'orderDate', carryOver: ['ordered', 'in-progress'] } as const;

  it("reads a user's day with its leftovers from the user's day and the user's waiting, not their whole history", async () => {
    const plan = await listPlan({ ...carrying, userId: 'u1', carryOverOwn: { userId: 'u1', statuses: ['done'] } });
    expect(plan).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/USING INDEX rm_orders_user_date_idx \(user_id=\? AND order_date>\?\)/),
        expect.stringMatching(/USING INDEX rm_orders_user_status_idx \(user_id=\? AND status=\?\)/),
      ]),
    );
    expect(plan.filter((step) => step.startsWith('SCAN') || step.endsWith('(user_id=?)'))).toEqual([]);
  });

  it("reads staff's day with everyone's leftovers from the day, the statuses and their own, not every order", async () => {
    const plan = await listPlan({ ...carrying, carryOverOwn: { userId: 'u2', statuses: ['done'] } });
    expect(plan).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/USING INDEX rm_orders_order_date_idx \(order_date>\?\)/),
        expect.stringMatching(/USING INDEX rm_orders_status_date_idx \(status=\?\)/),
        expect.stringMatching(/USING INDEX rm_orders_user_status_idx \(user_id=\? AND status=\?\)/),
      ]),
    );
    expect(plan.filter((step) => step.startsWith('SCAN') || /\(order_date<\?\)$/.test(step))).toEqual([]);
  });
});
