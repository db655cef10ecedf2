import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getOrder, ORDERS_TABLE, ordersProjection } from './orders.js';
import { PREP_TIMES_TABLE, prepTimesProjection } from './prep-times.js';
import { serviceStats } from './service-stats.js';
import { summary, totalOrders } from './stats.js';
import { BACKENDS, TZ, ev, harness, type Harness } from './test-harness.spec.js';

// A recalled order is one order: the read models undo its completion or rejection and count it once.

describe.each(BACKENDS)('a recalled order in the projections on %s', (backend) => {
  let h: Harness;
  const at = async (instant: string, ...events: Parameters<Harness['given']>) => {
    h.at(instant);
    await h.given(...events);
  };
  const dump = async () => ({
    orders: await h.knex(ORDERS_TABLE).orderBy('id'),
    prep: await h.knex(PREP_TIMES_TABLE).orderBy('order_id'),
  });

  beforeEach(async () => {
    h = await harness(backend);
    await at('2025-03-03T02:00:00.000Z', ev.placed({ orderId: 'p1' }), ev.placed({ orderId: 'p2' }));
    await at('2025-03-03T02:01:00.000Z', ev.status('OrderStarted', 'p1'));
    await at('2025-03-03T02:03:00.000Z', ev.status('OrderCompleted', 'p1'), ev.rejected('p2', 'No milk'));
    await at(
      '2025-03-03T02:04:00.000Z',
      ev.recalled('p1', 'done', 'in-progress'),
      ev.recalled('p2', 'rejected', 'ordered'),
    );
    await at('2025-03-03T02:05:00.000Z', ev.placed({ orderId: 'p3' }));
  });
  afterEach(async () => {
    await h.cleanup();
  });

  it('puts the orders back in the queue at their own places, without the completion or the reject note', async () => {
    expect(await getOrder(h.knex, 'p1')).toMatchObject({ status: 'in-progress', queue_at: 1, reject_note: null });
    expect(await getOrder(h.knex, 'p2')).toMatchObject({ status: 'ordered', queue_at: 2, reject_note: null });
    expect(await getOrder(h.knex, 'p3')).toMatchObject({ queue_at: 3 });
    const p1 = await h.knex(ORDERS_TABLE).where('id', 'p1').first();
    expect(p1).toMatchObject({ completed_at: null, updated_at: '2025-03-03T02:04:00.000Z' });
    // p3 was placed behind both recalled orders.
    expect(await h.knex(PREP_TIMES_TABLE).where('order_id', 'p3').first()).toMatchObject({ queue_ahead: 2 });
  });

  it('counts the order once, with the wait of its final completion', async () => {
    await at('2025-03-03T02:09:00.000Z', ev.status('OrderCompleted', 'p1'));
    const stats = await serviceStats(h.knex, {
      from: new Date('2025-03-03T00:00:00.000Z'),
      to: new Date('2025-03-04T00:00:00.000Z'),
    });
    expect(stats.waitByDay).toEqual([{ day: '2025-03-03', medianMinutes: 9, p90Minutes: 9, orders: 1 }]);
    expect(stats.rejectionReasons).toEqual([]);
    expect(await totalOrders(h.knex)).toBe(3);
    expect(await summary(h.knex, '2025-03-03')).toMatchObject({
      total: 3,
      counted: 3,
      byStatus: { done: 1, ordered: 2, rejected: 0 },
    });
  });

  it('changes nothing when the same events are applied again', async () => {
    const before = await dump();
    const log = await h.store.readAll(0, 1_000);
    await h.knex.transaction(async (trx) => {
      for (const e of log) {
        await ordersProjection.apply(e, trx, { timeZone: TZ });
        await prepTimesProjection.apply(e, trx, { timeZone: TZ });
      }
    });
    expect(await dump()).toEqual(before);
  });

  it('rebuilds rows equal to the live ones', async () => {
    const before = await dump();
    await h.projector.rebuild(['orders', 'prep-times']);
    expect(await dump()).toEqual(before);
  });
});
