import type { DomainEvent, DrinkChoice } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import {
  TODAY,
  TZ,
  WEDNESDAY_NOON,
  alice,
  bob,
  category,
  menu,
  orderIn,
  placed,
  registered,
  shop,
} from '../fixtures.js';
import { spec } from '../testing.js';
import { ordersDecider, type PlaceOrder } from './decide.js';

const given = (events: DomainEvent[] = []) => spec(ordersDecider).given([...catalog, ...events]);

describe('PlaceOrder', () => {
  describe('when the cafe is open and the user has no order today', () => {
    it('places a cafe order tagged with order, user, day and menu', () => {
      given()
        .when(cafeOrder())
        .then([
          {
            type: 'OrderPlaced',
            data: {
              orderId: 'o-new',
              userId: alice.id,
              userName: 'Alice',
              menuId: 'm-latte',
              menuName: 'Latte',
              categoryId: 'c-coffee',
              categoryName: 'Coffee',
              categoryFor: 'cafe',
              type: 'hot',
              sweetness: 50,
              remark: 'less ice',
              tumblerImage: '/api/images/t.webp',
              businessDay: TODAY,
            },
            tags: ['order:o-new', 'user:u-alice', `day:${TODAY}`, 'menu:m-latte'],
          },
        ]);
    });

    it('turns an empty remark into -', () => {
      const [event] = given()
        .when(cafeOrder({ remark: '  ' }))
        .thenEmits();
      expect(event?.data).toMatchObject({ remark: '-' });
    });

    it('accepts atOffice true and null (check not configured)', () => {
      given()
        .when(cafeOrder({ atOffice: true }))
        .thenEmits();
      given()
        .when(cafeOrder({ atOffice: null }))
        .thenEmits();
    });

    it('refuses an order away from the office', () => {
      given()
        .when(cafeOrder({ atOffice: false }))
        .thenThrows({ status: 409, code: 'NOT_AT_OFFICE' });
    });
  });

  describe('when the input does not fit a cafe item', () => {
    it('lists every wrong field', () => {
      given()
        .when(cafeOrder({ type: null, sweetness: 33, tumblerImage: '', remark: 'x'.repeat(51) }))
        .thenThrows({ status: 400, code: 'VALIDATION_FAILED', paths: ['type', 'sweetness', 'tumblerImage', 'remark'] });
    });

    it('requires sweetness and a tumbler image', () => {
      given()
        .when(cafeOrder({ sweetness: null }))
        .thenThrows({ status: 400, paths: ['sweetness'] });
      given()
        .when(cafeOrder({ tumblerImage: null }))
        .thenThrows({ status: 400, paths: ['tumblerImage'] });
      given()
        .when(cafeOrder({ tumblerImageUploaded: false }))
        .thenThrows({ status: 400, paths: ['tumblerImage'] });
    });

    it('requires a remark, empty for none (API.md: a missing field is a 400)', () => {
      const order = cafeOrder();
      given()
        .when({ ...order, drink: { ...order.drink, remark: undefined } })
        .thenThrows({ status: 400, code: 'VALIDATION_FAILED', paths: ['remark'] });
    });

    it('accepts a remark of exactly 50 characters', () => {
      given()
        .when(cafeOrder({ remark: 'x'.repeat(50) }))
        .thenEmits();
    });
  });

  describe('when ordering from the bar', () => {
    const barOpen = [shop(false, true)];

    it('takes the type only, forces sweetness to null and keeps the description in tumblerImage', () => {
      const [event] = given(barOpen)
        .when(barOrder({ type: null, sweetness: 100, tumblerImage: 'Gin and tonic' }))
        .thenEmits();
      expect(event?.data).toMatchObject({
        type: null,
        sweetness: null,
        tumblerImage: 'Gin and tonic',
        categoryFor: 'bar',
        remark: '-',
      });
    });

    it('takes no remark (API.md: bar items take type only), whatever its length', () => {
      const [event] = given(barOpen)
        .when(barOrder({ remark: 'please add extra lime '.repeat(5) }))
        .thenEmits();
      expect(event?.data).toMatchObject({ remark: '-' });
    });

    it('stores an empty tumblerImage as null', () => {
      const [event] = given(barOpen)
        .when(barOrder({ tumblerImage: '' }))
        .thenEmits();
      expect(event?.data).toMatchObject({ tumblerImage: null, type: 'cold' });
    });

    it('refuses an unknown type', () => {
      given(barOpen)
        .when(barOrder({ type: 'warm' as never }))
        .thenThrows({ status: 400, paths: ['type'] });
    });

    it('refuses while the bar is closed (the default status)', () => {
      given().when(barOrder()).thenThrows({ status: 409, code: 'SHOP_CLOSED' });
    });
  });

  describe('when the cafe is closed', () => {
    it('refuses a cafe item', () => {
      given([shop(false, true)])
        .when(cafeOrder())
        .thenThrows({ status: 409, code: 'SHOP_CLOSED' });
      given([shop(false, false)])
        .when(cafeOrder())
        .thenThrows({ status: 409, code: 'SHOP_CLOSED' });
    });
  });

  describe('on Friday in Bangkok', () => {
    it('takes a cafe order at 11:59', () => {
      given()
        .when(cafeOrder({ now: new Date('2025-01-17T04:59:00Z') }))
        .thenEmits();
    });

    it('refuses a cafe order from 12:00', () => {
      given()
        .when(cafeOrder({ now: new Date('2025-01-17T05:00:00Z') }))
        .thenThrows({ status: 409, code: 'CAFE_CLOSING_FRIDAY' });
      given()
        .when(cafeOrder({ now: new Date('2025-01-17T10:00:00Z') }))
        .thenThrows({ code: 'CAFE_CLOSING_FRIDAY' });
    });

    it('still takes a bar order in the afternoon', () => {
      given([shop(false, true)])
        .when(barOrder({ now: new Date('2025-01-17T08:00:00Z') }))
        .thenEmits();
    });
  });

  describe('when the menu cannot be ordered', () => {
    it('refuses an inactive menu', () => {
      const inactive: DomainEvent = { type: 'MenuActivityChanged', data: { menuId: 'm-latte', isActive: 'inactive' } };
      given([inactive]).when(cafeOrder()).thenThrows({ status: 409, code: 'MENU_INACTIVE' });
    });

    it('refuses an unavailable menu', () => {
      const removed: DomainEvent = { type: 'MenuChanged', data: { menuId: 'm-latte', isAvailable: 'unavailable' } };
      given([removed]).when(cafeOrder()).thenThrows({ status: 409, code: 'MENU_INACTIVE' });
    });

    it('refuses a menu whose category is unavailable', () => {
      const removed: DomainEvent = {
        type: 'CategoryChanged',
        data: { categoryId: 'c-coffee', isAvailable: 'unavailable' },
      };
      given([removed]).when(cafeOrder()).thenThrows({ status: 409, code: 'MENU_INACTIVE' });
    });

    it('answers 404 for an unknown menu', () => {
      given()
        .when(cafeOrder({ menuId: 'm-nope' }))
        .thenThrows({ status: 404, code: 'NOT_FOUND' });
    });
  });

  describe('when the user is unknown or disabled', () => {
    it('answers 404 for an unknown user and 403 for a disabled one', () => {
      given()
        .when(cafeOrder({ userId: 'u-ghost' }))
        .thenThrows({ status: 404 });
      const disabled: DomainEvent = { type: 'UserAvailabilityChanged', data: { userId: alice.id, isAvailable: false } };
      given([disabled]).when(cafeOrder()).thenThrows({ status: 403, code: 'FORBIDDEN' });
    });
  });

  describe('the daily limit', () => {
    it('refuses a third active order of the business day', () => {
      given([placed('o-1', alice.id), placed('o-2', alice.id)])
        .when(cafeOrder())
        .thenThrows({ status: 409, code: 'ORDER_LIMIT_REACHED' });
    });

    it('takes a second order', () => {
      given([placed('o-1', alice.id)])
        .when(cafeOrder())
        .thenEmits();
    });

    it('does not count cancelled or rejected orders', () => {
      given([...orderIn('cancel', 'o-1'), placed('o-2', alice.id)])
        .when(cafeOrder())
        .thenEmits();
      given([...orderIn('rejected', 'o-1'), placed('o-2', alice.id)])
        .when(cafeOrder())
        .thenEmits();
    });

    it('counts done and picked orders', () => {
      given([...orderIn('picked', 'o-1'), ...orderIn('done', 'o-2')])
        .when(cafeOrder())
        .thenThrows({ code: 'ORDER_LIMIT_REACHED' });
    });

    it('does not count other users', () => {
      given([placed('o-1', bob.id), placed('o-2', bob.id)])
        .when(cafeOrder())
        .thenEmits();
    });

    it('still counts at 23:59 Bangkok and resets at 00:00', () => {
      const two = [placed('o-1', alice.id, '2025-01-15'), placed('o-2', alice.id, '2025-01-15')];
      given(two)
        .when(cafeOrder({ now: new Date('2025-01-15T16:59:00Z') }))
        .thenThrows({ code: 'ORDER_LIMIT_REACHED' });
      const [event] = given(two)
        .when(cafeOrder({ now: new Date('2025-01-15T17:00:00Z') }))
        .thenEmits();
      expect(event?.data).toMatchObject({ businessDay: '2025-01-16' });
    });
  });
});

// Fixtures

const catalog: DomainEvent[] = [
  registered(alice.id, 'Alice'),
  category('c-coffee', 'cafe', 'Coffee'),
  menu('m-latte', 'c-coffee', 'Latte'),
  category('c-drinks', 'bar', 'Cocktails'),
  menu('m-gin', 'c-drinks', 'Gin Tonic'),
];

/** Drink fields (type, sweetness, remark, tumblerImage) by their body names; the rest as the command has them. */
type Overrides = Partial<Omit<PlaceOrder, 'type' | 'drink'>> & Partial<DrinkChoice>;

function cafeOrder(overrides: Overrides = {}): PlaceOrder {
  const { type = 'hot', sweetness = 50, remark = 'less ice', tumblerImage = '/api/images/t.webp', ...rest } = overrides;
  return {
    type: 'PlaceOrder',
    orderId: 'o-new',
    userId: alice.id,
    menuId: 'm-latte',
    atOffice: null,
    now: WEDNESDAY_NOON,
    timeZone: TZ,
    ...rest,
    drink: { type, sweetness, remark, tumblerImage },
  };
}

function barOrder(overrides: Overrides = {}): PlaceOrder {
  return cafeOrder({
    menuId: 'm-gin',
    type: 'cold',
    sweetness: null,
    remark: '',
    tumblerImage: 'Gin',
    ...overrides,
  });
}
