import { describe, expect, it } from 'vitest';
import { shopDecider } from './shop/decide.js';
import { TZ, WEDNESDAY_NOON, orderIn } from './fixtures.js';
import { spec } from './testing.js';

const close = { type: 'ChangeShopStatus', target: 'all-close', now: WEDNESDAY_NOON, timeZone: TZ } as const;

describe('the given/when/then helper', () => {
  it('fails when the events differ or when nothing was expected', () => {
    expect(() => spec(shopDecider).given([]).when(close).then([])).toThrow();
    expect(() => spec(shopDecider).given([]).when(close).thenNothing()).toThrow();
    expect(() =>
      spec(shopDecider)
        .given([])
        .when({ ...close, target: 'cafe-open' })
        .thenEmits(),
    ).toThrow();
  });

  it('fails when no error comes, or another one', () => {
    expect(() => spec(shopDecider).given([]).when(close).thenThrows({ code: 'ACTIVE_ORDERS' })).toThrow(
      /expected an error/,
    );
    expect(() => spec(shopDecider).given(orderIn('ordered')).when(close).thenThrows({ code: 'SHOP_OPEN' })).toThrow();
    expect(() => spec(shopDecider).given(orderIn('ordered')).when(close).thenThrows({ status: 400 })).toThrow();
  });

  it('passes on a matching refusal', () => {
    const error = spec(shopDecider)
      .given(orderIn('ordered'))
      .when(close)
      .thenThrows({ status: 409, code: 'ACTIVE_ORDERS' });
    expect(error.message).toMatch(/waiting or in-progress/);
  });
});
