import { OrderTimeline, tag, type NewEvent } from '@drinks/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_PROJECTIONS } from './index.js';
import { BACKENDS, ev, harness, type Harness } from './test-support/harness.js';
import { getTimeline } from './timeline.js';

describe.each(BACKENDS)('order timeline from the log on %s', (backend) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(backend, { log: 'sql' });
    await given('2025-03-03T02:00:00.000Z', 'ann', registered('ann', 'Ann'), registered('bob', 'Bob'));
    await given(
      '2025-03-03T02:00:00.000Z',
      'ann',
      ev.placed({ orderId: 'o1', userId: 'ann', userName: 'Ann' }),
      ev.placed({ orderId: 'o2', userId: 'ann' }),
    );
    await given('2025-03-03T02:04:30.000Z', 'bob', by(ev.status('OrderStarted', 'o1', 'ann'), 'bob'));
    await given(
      '2025-03-03T02:07:00.000Z',
      'bob',
      by(ev.status('OrderCompleted', 'o1', 'ann'), 'bob'),
      by(ev.rejected('o2', 'Out of stock', 'ann'), 'bob'),
    );
    await given('2025-03-03T02:10:00.000Z', 'ann', by(ev.status('OrderPickedUp', 'o1', 'ann'), 'ann'));
  });
  afterEach(async () => {
    await h.cleanup();
  });

  async function given(at: string, actor: string, ...events: NewEvent[]) {
    h.at(at);
    for (const e of events) await h.store.append([tagged(e)], { metadata: { actor } });
    await h.projector.catchUp();
  }
  it('lists the order’s events oldest first, with who, why and the minutes between them', async () => {
    const timeline = await getTimeline(h.knex, 'o1');
    expect(timeline).toEqual([
      {
        kind: 'placed',
        at: '2025-03-03T02:00:00.000Z',
        by: { id: 'ann', name: 'Ann' },
        reason: null,
        minutesSincePrevious: null,
      },
      {
        kind: 'started',
        at: '2025-03-03T02:04:30.000Z',
        by: { id: 'bob', name: 'Bob' },
        reason: null,
        minutesSincePrevious: 4.5,
      },
      {
        kind: 'completed',
        at: '2025-03-03T02:07:00.000Z',
        by: { id: 'bob', name: 'Bob' },
        reason: null,
        minutesSincePrevious: 2.5,
      },
      {
        kind: 'picked',
        at: '2025-03-03T02:10:00.000Z',
        by: { id: 'ann', name: 'Ann' },
        reason: null,
        minutesSincePrevious: 3,
      },
    ]);
    expect(OrderTimeline.parse(timeline)).toEqual(timeline);
    expect((await getTimeline(h.knex, 'o2')).map((e) => [e.kind, e.reason])).toEqual([
      ['placed', null],
      ['rejected', 'Out of stock'],
    ]);
    expect(await getTimeline(h.knex, 'nope')).toEqual([]);
  });

  it('shows the current name of a renamed actor, and null for an unknown one', async () => {
    await given(
      '2025-03-03T03:00:00.000Z',
      'bob',
      ev.renamed('bob', 'Bobby'),
      ev.placed({ orderId: 'o3', userId: 'zed', userName: 'Zed' }),
    );
    await given('2025-03-03T03:01:00.000Z', 'ghost', by(ev.status('OrderCancelled', 'o3', 'zed'), 'ghost'));
    expect((await getTimeline(h.knex, 'o1'))[1]?.by).toEqual({ id: 'bob', name: 'Bobby' });
    expect((await getTimeline(h.knex, 'o3')).map((e) => e.by)).toEqual([
      { id: 'zed', name: 'Zed' },
      { id: 'ghost', name: null },
    ]);
  });

  it('reads the order’s events through its tag, and keeps no table of its own', async () => {
    // An order event without the order's tag is not the order's: the tag index is what is read.
    await given('2025-03-03T03:00:00.000Z', 'bob', {
      ...by(ev.status('OrderCancelled', 'o2', 'ann'), 'bob'),
      tags: [tag.order('other')],
    });
    expect((await getTimeline(h.knex, 'o2')).map((e) => e.kind)).toEqual(['placed', 'rejected']);
    expect((await getTimeline(h.knex, 'other')).map((e) => e.kind)).toEqual(['cancelled']);
    expect(ALL_PROJECTIONS.map((p) => p.name)).not.toContain('timeline');
    expect(await h.knex.schema.hasTable('rm_order_timeline')).toBe(false);
  });
});

function registered(userId: string, name: string): NewEvent {
  return { type: 'UserRegistered', tags: [], data: { userId, email: `${userId}@woxa.tech`, name, role: 'user' } };
}
function by(e: NewEvent, actor: string): NewEvent {
  return { ...e, data: { ...e.data, by: actor } } as NewEvent;
}
/** The tags the app gives order events (services/src/domain/orders/place-order.ts `orderTags`), when the fixture has none. */
function tagged(e: NewEvent): NewEvent {
  if (e.tags.length > 0 || !('orderId' in e.data)) return e;
  return { ...e, tags: [tag.order(e.data.orderId), tag.user(e.data.userId), tag.day(e.data.businessDay)] };
}
