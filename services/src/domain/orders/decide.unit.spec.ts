import { OrderStatus, REJECT_PRESETS } from '@drinks/contracts';
import { describe, it } from 'vitest';
import type { Actor } from '../actor.js';
import { TODAY, alice, barista, bob, orderIn } from '../fixtures.js';
import { spec } from '../testing.js';
import { ordersDecider, type OrderCommand } from './decide.js';

const admin: Actor = { id: 'u-admin', role: 'admin' };
const tags = ['order:o-1', 'user:u-alice', `day:${TODAY}`, 'menu:m-latte'];
const ref = (by: string) => ({ orderId: 'o-1', userId: alice.id, businessDay: TODAY, by });
const given = (status: OrderStatus) => spec(ordersDecider).given(orderIn(status));

describe('order transitions', () => {
  describe('when the order is ordered', () => {
    it('lets a barista start it', () => {
      given('ordered')
        .when(start(barista))
        .then([{ type: 'OrderStarted', data: ref(barista.id), tags }]);
    });

    it('lets an admin start it', () => {
      given('ordered')
        .when(start(admin))
        .then([{ type: 'OrderStarted', data: ref(admin.id), tags }]);
    });

    it('lets the owner cancel it', () => {
      given('ordered')
        .when(cancel(alice))
        .then([{ type: 'OrderCancelled', data: ref(alice.id), tags }]);
    });

    it('lets a barista reject it with a preset', () => {
      given('ordered')
        .when(reject(barista, 'Barista can not fine your tumbler'))
        .then([
          { type: 'OrderRejected', data: { ...ref(barista.id), reason: 'Barista can not fine your tumbler' }, tags },
        ]);
    });
  });

  describe('when the order is in progress', () => {
    it('lets a barista complete it', () => {
      given('in-progress')
        .when(complete(barista))
        .then([{ type: 'OrderCompleted', data: ref(barista.id), tags }]);
    });

    it('lets a barista reject it with free text of 27 characters', () => {
      const reason = 'x'.repeat(27);
      given('in-progress')
        .when(reject(barista, reason))
        .then([{ type: 'OrderRejected', data: { ...ref(barista.id), reason }, tags }]);
    });

    it('refuses a cancel by the owner', () => {
      given('in-progress').when(cancel(alice)).thenThrows({ status: 409, code: 'INVALID_TRANSITION' });
    });
  });

  describe('when the order is done', () => {
    it('lets the owner pick it up', () => {
      given('done')
        .when(pickUp(alice))
        .then([{ type: 'OrderPickedUp', data: ref(alice.id), tags }]);
    });
  });

  describe('every status against every command', () => {
    const allowed: Record<OrderStatus, string[]> = {
      ordered: ['StartOrder', 'RejectOrder', 'CancelOrder'],
      'in-progress': ['CompleteOrder', 'RejectOrder'],
      done: ['PickUpOrder'],
      picked: [],
      rejected: [],
      cancel: [],
    };
    const commands = [
      start(barista),
      complete(barista),
      reject(barista, 'Machine Failure'),
      cancel(alice),
      pickUp(alice),
    ];
    for (const status of OrderStatus.options) {
      for (const command of commands) {
        const ok = allowed[status].includes(command.type);
        it(`${ok ? 'allows' : 'refuses'} ${command.type} from ${status}`, () => {
          const when = given(status).when(command);
          if (ok) when.thenEmits();
          else when.thenThrows({ status: 409, code: 'INVALID_TRANSITION' });
        });
      }
    }
  });

  describe('when the reject reason is not acceptable', () => {
    it('refuses free text over 27 characters, an empty one and one starting with a space', () => {
      for (const reason of ['x'.repeat(28), '', ' Machine']) {
        given('ordered')
          .when(reject(barista, reason))
          .thenThrows({ status: 400, code: 'VALIDATION_FAILED', paths: ['reject_note'] });
      }
    });

    it('accepts every preset', () => {
      for (const reason of REJECT_PRESETS) given('ordered').when(reject(barista, reason)).thenEmits();
    });
  });

  describe('who may touch the order', () => {
    it('forbids a user the staff commands, even on its own order', () => {
      for (const command of [start(alice), complete(alice), reject(alice, 'Machine Failure')]) {
        given('ordered').when(command).thenThrows({ status: 403, code: 'FORBIDDEN' });
      }
    });

    it("hides someone else's order from a user (404)", () => {
      given('ordered').when(cancel(bob)).thenThrows({ status: 404, code: 'NOT_FOUND' });
      given('done').when(pickUp(bob)).thenThrows({ status: 404, code: 'NOT_FOUND' });
    });

    it('forbids staff the owner commands on an order that is not theirs', () => {
      given('ordered').when(cancel(barista)).thenThrows({ status: 403 });
      given('done').when(pickUp(admin)).thenThrows({ status: 403 });
    });

    it('answers 404 for an unknown order', () => {
      spec(ordersDecider).given([]).when(start(barista)).thenThrows({ status: 404, code: 'NOT_FOUND' });
      spec(ordersDecider).given([]).when(cancel(alice)).thenThrows({ status: 404, code: 'NOT_FOUND' });
    });
  });
});

// Fixtures

function start(actor: Actor): OrderCommand {
  return { type: 'StartOrder', orderId: 'o-1', actor };
}
function complete(actor: Actor): OrderCommand {
  return { type: 'CompleteOrder', orderId: 'o-1', actor };
}
function reject(actor: Actor, reason: string): OrderCommand {
  return { type: 'RejectOrder', orderId: 'o-1', actor, reason };
}
function cancel(actor: Actor): OrderCommand {
  return { type: 'CancelOrder', orderId: 'o-1', actor };
}
function pickUp(actor: Actor): OrderCommand {
  return { type: 'PickUpOrder', orderId: 'o-1', actor };
}
