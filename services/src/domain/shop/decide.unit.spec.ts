import type { OrderStatus } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import { TZ, WEDNESDAY_NOON, orderIn, shop } from '../fixtures.js';
import { spec } from '../testing.js';
import { shopDecider, type ChangeShopStatus } from './decide.js';

const closeAll = change('all-close');

describe('ChangeShopStatus', () => {
  describe('when no order of today is waiting', () => {
    it('opens the bar', () => {
      spec(shopDecider)
        .given([])
        .when(change('bar-open'))
        .then([{ type: 'ShopStatusChanged', data: { isCafeOpen: false, isBarOpen: true }, tags: ['shop'] }]);
    });

    it('closes everything', () => {
      spec(shopDecider)
        .given([shop(false, true)])
        .when(closeAll)
        .then([{ type: 'ShopStatusChanged', data: { isCafeOpen: false, isBarOpen: false }, tags: ['shop'] }]);
    });

    it('opens the cafe again', () => {
      spec(shopDecider)
        .given([shop(false, false)])
        .when(change('cafe-open'))
        .thenEmits();
    });
  });

  describe('when the target is the current status', () => {
    it('emits nothing (the default status is cafe open)', () => {
      spec(shopDecider).given([]).when(change('cafe-open')).thenNothing();
      spec(shopDecider)
        .given([shop(false, true)])
        .when(change('bar-open'))
        .thenNothing();
    });

    it('emits nothing even while orders wait', () => {
      spec(shopDecider).given(orderIn('ordered')).when(change('cafe-open')).thenNothing();
    });
  });

  describe('when an order of today is waiting or in progress', () => {
    for (const status of ['ordered', 'in-progress'] as OrderStatus[]) {
      it(`refuses with ACTIVE_ORDERS (${status})`, () => {
        spec(shopDecider).given(orderIn(status)).when(closeAll).thenThrows({ status: 409, code: 'ACTIVE_ORDERS' });
      });
    }
  });

  describe("when today's orders are all finished", () => {
    for (const status of ['done', 'picked', 'cancel', 'rejected'] as OrderStatus[]) {
      it(`changes the status (${status})`, () => {
        spec(shopDecider).given(orderIn(status)).when(closeAll).thenEmits();
      });
    }
  });

  describe('when the only waiting order is from yesterday', () => {
    it('refuses with ACTIVE_ORDERS naming it: it is still on the board', () => {
      const error = spec(shopDecider)
        .given(orderIn('ordered', 'o-old', 'u-alice', '2025-01-14'))
        .when(closeAll)
        .thenThrows({ status: 409, code: 'ACTIVE_ORDERS' });
      expect(error.message).toBe('There are still waiting or in-progress orders: Latte (2025-01-14).');
    });
  });

  describe('when yesterday left an order that is finished now', () => {
    it('changes the status', () => {
      spec(shopDecider)
        .given(orderIn('done', 'o-old', 'u-alice', '2025-01-14'))
        .when(closeAll)
        .thenEmits();
    });
  });
});

// Fixtures

function change(target: ChangeShopStatus['target']): ChangeShopStatus {
  return { type: 'ChangeShopStatus', target, now: WEDNESDAY_NOON, timeZone: TZ };
}
