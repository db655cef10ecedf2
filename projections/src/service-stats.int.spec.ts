import { ServiceStats, type NewEvent } from '@drinks/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serviceStats } from './service-stats.js';
import { BACKENDS, ev, harness, type Harness } from './test-support/harness.js';

const DAY1 = '2025-03-03';
const DAY2 = '2025-03-04';
const range = { from: new Date('2025-03-02T17:00:00.000Z'), to: new Date('2025-03-04T17:00:00.000Z') };

describe.each(BACKENDS)('service statistics on %s', (backend) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(backend);
    // Day 1, 09:00 business time: waits of 4, 6 and 10 minutes; one rejected, one cancelled.
    await at(
      '2025-03-03T02:00:00.000Z',
      placed('a'),
      placed('b', { type: 'cold' }),
      placed('c'),
      placed('r1'),
      placed('x'),
      placed('bar', { area: 'bar' }),
    );
    await at(
      '2025-03-03T02:04:00.000Z',
      ev.status('OrderStarted', 'a'),
      ev.status('OrderCompleted', 'a'),
      ev.rejected('r1', 'Out of stock'),
    );
    await at(
      '2025-03-03T02:06:00.000Z',
      ev.status('OrderStarted', 'b'),
      ev.status('OrderCompleted', 'b'),
      ev.status('OrderCancelled', 'x'),
    );
    await at('2025-03-03T02:10:00.000Z', ev.status('OrderStarted', 'c'), ev.status('OrderCompleted', 'c'));
    // Day 2, 13:00: one wait of 3 minutes, one rejection; day 3 is outside the range.
    await at('2025-03-04T06:00:00.000Z', placed('d', { day: DAY2 }), placed('r2', { day: DAY2 }));
    await at(
      '2025-03-04T06:03:00.000Z',
      ev.status('OrderStarted', 'd', 'u1', DAY2),
      ev.status('OrderCompleted', 'd', 'u1', DAY2),
      ev.rejected('r2', 'Machine Failure', 'u1', DAY2),
    );
    await at(
      '2025-03-05T03:00:00.000Z',
      placed('late', { day: '2025-03-05' }),
      ev.rejected('late', 'Out of stock', 'u1', '2025-03-05'),
    );
  });
  afterEach(async () => {
    await h.cleanup();
  });

  async function at(instant: string, ...events: NewEvent[]) {
    h.at(instant);
    await h.given(...events);
  }

  it('reports waits by day and hour, rejection reasons, cancellations, busy hours and mixes', async () => {
    const stats = await serviceStats(h.knex, range);
    expect(stats).toEqual({
      waitByDay: [
        { day: DAY1, medianMinutes: 6, p90Minutes: 9.2, orders: 3 },
        { day: DAY2, medianMinutes: 3, p90Minutes: 3, orders: 1 },
      ],
      waitByHour: [
        { hour: 9, medianMinutes: 6, p90Minutes: 9.2, orders: 3 },
        { hour: 13, medianMinutes: 3, p90Minutes: 3, orders: 1 },
      ],
      rejectionReasons: [
        { reason: 'Machine Failure', count: 1 },
        { reason: 'Out of stock', count: 1 },
      ],
      cancellations: 1,
      busiestHours: [
        { hour: 9, orders: 4 },
        { hour: 13, orders: 1 },
      ],
      typeMix: [
        { type: 'hot', count: 3 },
        { type: 'cold', count: 1 },
      ],
      sweetnessMix: [{ sweetness: 50, count: 4 }],
    });
    expect(ServiceStats.parse(stats)).toEqual(stats);
  });

  it('answers empty lists for a period without orders', async () => {
    expect(await serviceStats(h.knex, { from: new Date('2030-01-01'), to: new Date('2030-02-01') })).toEqual({
      waitByDay: [],
      waitByHour: [],
      rejectionReasons: [],
      cancellations: 0,
      busiestHours: [],
      typeMix: [],
      sweetnessMix: [],
    });
  });
});

function placed(orderId: string, o: { type?: 'hot' | 'cold'; area?: 'bar'; day?: string } = {}): NewEvent {
  return ev.placed({
    orderId,
    day: o.day ?? DAY1,
    ...(o.area ? { area: o.area } : {}),
    ...(o.type ? { type: o.type } : {}),
  });
}
