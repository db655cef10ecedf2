import type { DomainEvent, OrderStatus } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.js';
import { TODAY, alice, barista, orderIn, placed, shop } from '../fixtures.js';
import { spec } from '../testing.js';
import { ordersDecider, type OrderCommand } from './decide.js';

const admin: Actor = { id: 'u-admin', role: 'admin' };
const tags = ['order:o-1', 'user:u-alice', `day:${TODAY}`, 'menu:m-latte'];
const ref = (by: string) => ({ orderId: 'o-1', userId: alice.id, businessDay: TODAY, by });
const FINISHED_AT = '2025-01-15T05:00:00.000Z';
const WINDOW = 120;

describe('staff hand-over', () => {
  describe('when the order is done', () => {
    it('records OrderPickedUp by the staff member', () => {
      spec(ordersDecider)
        .given(orderIn('done'))
        .when(handOver(barista))
        .then([{ type: 'OrderPickedUp', data: ref(barista.id), tags }]);
    });
  });

  describe('when the order is not done', () => {
    for (const status of ['ordered', 'in-progress', 'picked', 'rejected', 'cancel'] as OrderStatus[]) {
      it(`refuses with INVALID_TRANSITION (${status})`, () => {
        spec(ordersDecider)
          .given(orderIn(status))
          .when(handOver(barista))
          .thenThrows({ status: 409, code: 'INVALID_TRANSITION' });
      });
    }
  });

  it('is for staff only, even on their own order', () => {
    spec(ordersDecider).given(orderIn('done')).when(handOver(alice)).thenThrows({ status: 403, code: 'FORBIDDEN' });
  });
});

describe('recall', () => {
  describe('when the order was completed within the window', () => {
    it('brings it back to in progress', () => {
      spec(ordersDecider)
        .given(finished('done'))
        .when(recall(barista, 119))
        .then([{ type: 'OrderRecalled', data: { ...ref(barista.id), from: 'done', to: 'in-progress' }, tags }]);
    });
  });

  describe('when the order was rejected within the window', () => {
    it('brings an order rejected while waiting back to ordered', () => {
      spec(ordersDecider)
        .given(finished('rejected'))
        .when(recall(admin, 10))
        .then([{ type: 'OrderRecalled', data: { ...ref(admin.id), from: 'rejected', to: 'ordered' }, tags }]);
    });

    it('brings an order rejected while in progress back to in progress', () => {
      const events = [placed('o-1', alice.id), started(), stamped(rejected())];
      spec(ordersDecider)
        .given(events)
        .when(recall(barista, 60))
        .then([{ type: 'OrderRecalled', data: { ...ref(barista.id), from: 'rejected', to: 'in-progress' }, tags }]);
    });

    it('brings it back beside one other order of its owner that day', () => {
      spec(ordersDecider)
        .given([...finished('rejected'), placed('o-2', alice.id)])
        .when(recall(barista, 5))
        .thenEmits();
    });

    it('refuses with ORDER_LIMIT_REACHED when its owner has placed two others that day since', () => {
      const others = [placed('o-2', alice.id), placed('o-3', alice.id)];
      const error = spec(ordersDecider)
        .given([...finished('rejected'), ...others])
        .when(recall(barista, 5))
        .thenThrows({ status: 409, code: 'ORDER_LIMIT_REACHED' });
      expect(error.message).toBe('The customer already has 2 orders that day: this one cannot come back.');
    });
  });

  describe("when the order's area is closed", () => {
    it('refuses with SHOP_CLOSED, done or rejected, as PlaceOrder would', () => {
      for (const status of ['done', 'rejected'] as const) {
        for (const closed of [shop(false, false), shop(false, true)]) {
          spec(ordersDecider)
            .given([...finished(status), closed])
            .when(recall(barista, 5))
            .thenThrows({ status: 409, code: 'SHOP_CLOSED' });
        }
      }
    });

    it('brings a bar order back while the bar is open', () => {
      const barOrder = [placed('o-1', alice.id, TODAY, 'bar'), stamped(rejected())];
      spec(ordersDecider)
        .given([shop(false, true), ...barOrder])
        .when(recall(barista, 5))
        .thenEmits();
    });
  });

  describe('when the window has passed', () => {
    it('refuses with RECALL_WINDOW_PASSED', () => {
      for (const status of ['done', 'rejected'] as const) {
        spec(ordersDecider)
          .given(finished(status))
          .when(recall(barista, 121))
          .thenThrows({ status: 409, code: 'RECALL_WINDOW_PASSED' });
      }
    });
  });

  describe('when the order is in any other status', () => {
    for (const status of ['ordered', 'in-progress', 'picked', 'cancel'] as OrderStatus[]) {
      it(`refuses with INVALID_TRANSITION (${status})`, () => {
        spec(ordersDecider)
          .given(orderIn(status).map((e) => stamped(e)))
          .when(recall(barista, 1))
          .thenThrows({ status: 409, code: 'INVALID_TRANSITION' });
      });
    }
  });

  describe('after a recall', () => {
    it('lets staff complete the order again', () => {
      const recalled: DomainEvent = {
        type: 'OrderRecalled',
        data: { ...ref(barista.id), from: 'done', to: 'in-progress' },
      };
      spec(ordersDecider)
        .given([...finished('done'), recalled])
        .when({ type: 'CompleteOrder', orderId: 'o-1', actor: barista })
        .thenEmits();
    });
  });

  it('is for staff only', () => {
    spec(ordersDecider).given(finished('done')).when(recall(alice, 1)).thenThrows({ status: 403, code: 'FORBIDDEN' });
  });
});

describe('a transition someone already made', () => {
  it('says what happened: "Already started."', () => {
    const error = spec(ordersDecider)
      .given(orderIn('in-progress'))
      .when({ type: 'StartOrder', orderId: 'o-1', actor: admin })
      .thenThrows({ status: 409, code: 'INVALID_TRANSITION' });
    expect(error.message).toBe('Already started.');
  });

  it('names a completion, a rejection and a cancellation', () => {
    const tries = [
      ['done', 'Already completed.'],
      ['rejected', 'Already rejected.'],
      ['cancel', 'Already cancelled.'],
    ] as const;
    for (const [status, detail] of tries) {
      const error = spec(ordersDecider)
        .given(orderIn(status))
        .when({ type: 'RejectOrder', orderId: 'o-1', actor: admin, reason: 'Machine Failure' })
        .thenThrows({ status: 409, code: 'INVALID_TRANSITION' });
      expect(error.message).toBe(detail);
    }
  });
});

// Fixtures

function handOver(actor: Actor): OrderCommand {
  return { type: 'HandOverOrder', orderId: 'o-1', actor };
}
/** A recall `seconds` after the order was finished. */
function recall(actor: Actor, seconds: number): OrderCommand {
  const now = new Date(Date.parse(FINISHED_AT) + seconds * 1000);
  return { type: 'RecallOrder', orderId: 'o-1', actor, now, windowSeconds: WINDOW };
}
/** The event as the log hands it over: with the instant it was recorded. */
function stamped(event: DomainEvent): DomainEvent {
  return Object.assign({}, event, { occurredAt: FINISHED_AT });
}
function finished(status: 'done' | 'rejected'): DomainEvent[] {
  const events = orderIn(status);
  return [...events.slice(0, -1), stamped(events.at(-1)!)];
}
function started(): DomainEvent {
  return { type: 'OrderStarted', data: ref(barista.id) };
}
function rejected(): DomainEvent {
  return { type: 'OrderRejected', data: { ...ref(barista.id), reason: 'Machine Failure' } };
}
