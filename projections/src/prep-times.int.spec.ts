import { EstimateResponse, type NewEvent, type Order } from '@drinks/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getOrder } from './orders.js';
import { estimateForOrder, PREP_TIMES_TABLE, prepTimesProjection, waitStats } from './prep-times.js';
import { BACKENDS, ev, harness, TZ, type Harness } from './test-support/harness.js';
import { planOf, statementsOf } from './test-support/plans.js';

const since = new Date('2025-02-01T00:00:00.000Z');
const min = (m: number) => m * 60_000;

describe.each(BACKENDS)('prep-times projection on %s', (backend) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(backend);
  });
  afterEach(async () => {
    await h.cleanup();
  });

  async function at(instant: string | number, ...events: NewEvent[]) {
    h.at(new Date(instant).toISOString());
    await h.given(...events);
  }
  const row = (id: string) => h.knex(PREP_TIMES_TABLE).where('order_id', id).first();
  const dump = () => h.knex(PREP_TIMES_TABLE).orderBy('order_id');

  it('replaces the queue index of older versions with one of the orders still queued', async () => {
    await h.knex.raw('DROP INDEX rm_prep_times_active_idx');
    await h.knex.raw('CREATE INDEX rm_prep_times_queue_idx ON rm_prep_times (business_day, area, active)');
    await prepTimesProjection.migrate(h.knex);
    const names =
      backend === 'sqlite'
        ? ((await h.knex.raw(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`, [
            PREP_TIMES_TABLE,
          ])) as { name: string; sql: string | null }[])
        : (
            (await h.knex.raw(
              'SELECT indexname AS name, indexdef AS sql FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ?',
              [PREP_TIMES_TABLE],
            )) as { rows: { name: string; sql: string }[] }
          ).rows;
    expect(names.map((i) => i.name)).not.toContain('rm_prep_times_queue_idx');
    expect(names.find((i) => i.name === 'rm_prep_times_active_idx')?.sql).toMatch(/WHERE \(?active = 1\)?/);
  });

  describe('when orders of a morning are placed, served, cancelled and rejected', () => {
    beforeEach(async () => {
      await at(
        '2025-03-03T02:00:00.000Z',
        ev.placed({ orderId: 'p1' }),
        ev.placed({ orderId: 'p2' }),
        ev.placed({ orderId: 'b1', area: 'bar' }),
      );
      await at('2025-03-03T02:02:00.000Z', ev.status('OrderStarted', 'p1'));
      await at('2025-03-03T02:05:00.000Z', ev.status('OrderCompleted', 'p1'));
      await at('2025-03-03T02:06:00.000Z', ev.placed({ orderId: 'p3' }));
      await at('2025-03-03T02:07:00.000Z', ev.status('OrderCancelled', 'p2'), ev.placed({ orderId: 'p4' }));
      await at('2025-03-03T02:10:00.000Z', ev.rejected('p3', 'No milk'), ev.status('OrderPickedUp', 'p1'));
    });

    it('records the hour in the business zone, the queue ahead at placement, the wait and the preparation', async () => {
      expect(await row('p1')).toMatchObject({
        hour: 9,
        status: 'picked',
        queue_ahead: 0,
        wait_s: 300,
        prep_s: 180,
        done_at: '2025-03-03T02:05:00.000Z',
      });
      expect(await row('p2')).toMatchObject({ status: 'cancel', queue_ahead: 1, wait_s: null, active: 0 });
      expect(await row('b1')).toMatchObject({ area: 'bar', queue_ahead: 0 });
      expect(await row('p3')).toMatchObject({ queue_ahead: 1, status: 'rejected', reject_reason: 'No milk' });
      expect(await row('p4')).toMatchObject({ queue_ahead: 1, status: 'ordered', active: 1 });
    });

    it('changes nothing when the same events are applied again, even out of order', async () => {
      const before = await dump();
      const log = await h.store.readAll(0, 1_000);
      await h.knex.transaction(async (trx) => {
        for (const e of [...log, ...log.reverse()]) await prepTimesProjection.apply(e, trx, { timeZone: TZ });
      });
      expect(await dump()).toEqual(before);
    });

    it('rebuilds rows equal to the live ones (applied in one batch)', async () => {
      const before = await dump();
      await h.projector.rebuild(['prep-times']);
      expect(await dump()).toEqual(before);
    });
  });

  describe('when enough orders were completed', () => {
    // Waits of 2..11 minutes for cafe orders placed at 10:xx business time, each alone in the queue.
    beforeEach(async () => {
      for (let i = 0; i < 10; i++) {
        const placed = Date.parse('2025-03-03T03:00:00.000Z') + min(15 * i);
        await at(placed, ev.placed({ orderId: `w${i}` }));
        await at(placed + min(1), ev.status('OrderStarted', `w${i}`));
        await at(placed + min(2 + i), ev.status('OrderCompleted', `w${i}`));
      }
    });

    it('gives the median and 90th percentile of the wait, by menu and hour', async () => {
      expect(await waitStats(h.knex, { since })).toEqual({ samples: 10, medianMinutes: 6.5, p90Minutes: 10.1 });
      expect(await waitStats(h.knex, { since, menuId: 'm-latte', hour: 10 })).toMatchObject({ samples: 4 });
      expect(await waitStats(h.knex, { since, hour: 9 })).toEqual({
        samples: 0,
        medianMinutes: null,
        p90Minutes: null,
      });
      expect(await waitStats(h.knex, { since: new Date('2025-04-01') })).toMatchObject({ samples: 0 });
    });

    it('estimates a queued order from its area when its menu has too few orders, and shows none for an order that left the queue', async () => {
      await at(
        '2025-03-03T06:00:00.000Z',
        ev.placed({ orderId: 'q1', menuId: 'm-mocha' }),
        ev.placed({ orderId: 'q2' }),
      );
      const now = new Date('2025-03-03T06:01:00.000Z');
      const q2 = await estimateForOrder(h.knex, (await getOrder(h.knex, 'q2')) as Order, now, TZ);
      expect(q2.basis).toEqual({ samples: 10, scope: 'area' });
      expect(q2.estimate!.lowMinutes).toBeLessThan(q2.estimate!.highMinutes);
      expect(EstimateResponse.parse(q2)).toEqual(q2);
      const done = await estimateForOrder(h.knex, (await getOrder(h.knex, 'w0')) as Order, now, TZ);
      expect(done).toEqual({ estimate: null, basis: { samples: 10, scope: 'area' } });
      const bar = await estimateForOrder(
        h.knex,
        {
          ...((await getOrder(h.knex, 'q2')) as Order),
          menu: { id: 'm-mojito', name: 'Mojito', category: { id: 'c', name: 'C', categoryFor: 'bar' } },
        },
        now,
        TZ,
      );
      // No bar order was ever completed: the configured minutes per order, for q2's place (2nd), half to double.
      expect(bar).toEqual({ estimate: { lowMinutes: 4, highMinutes: 16 }, basis: { samples: 0, scope: 'prior' } });
    });
  });
});

describe('prep-times projection on sqlite, its plans', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness('sqlite');
  });
  afterEach(async () => {
    await h.cleanup();
  });

  it("reads an estimate's samples from its menu's and its area's completed orders, not from every order placed", async () => {
    await h.given(ev.placed({ orderId: 'q1' }));
    const order = (await getOrder(h.knex, 'q1')) as Order;
    const [estimate, sent] = await statementsOf(h.knex, () => estimateForOrder(h.knex, order, new Date(), TZ));
    expect(estimate.basis.scope).toBe('prior');
    const plans: string[] = [];
    for (const statement of sent) plans.push((await planOf(h.knex, statement)).join(' | '));
    // menu and hour, menu, area and hour, area
    expect(plans).toEqual([
      expect.stringMatching(/rm_prep_times_menu_waits_idx \(menu_id=\? AND placed_at>\?\)/),
      expect.stringMatching(/rm_prep_times_menu_waits_idx \(menu_id=\? AND placed_at>\?\)/),
      expect.stringMatching(/rm_prep_times_area_waits_idx \(area=\? AND placed_at>\?\)/),
      expect.stringMatching(/rm_prep_times_area_waits_idx \(area=\? AND placed_at>\?\)/),
    ]);
  });
});
