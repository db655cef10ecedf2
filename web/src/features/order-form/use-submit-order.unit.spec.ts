import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.js';
import { orderFailureText } from './use-submit-order.js';

const INACTIVE = 'Seems like barista has just set this menu to inactive, please order another menu';

describe("the 'Order failed!' toast's words", () => {
  it('say the barista set the menu inactive when the server says so, or the menu is gone', () => {
    expect(orderFailureText(new ApiError(409, 'x', 'MENU_INACTIVE', 'x'))).toBe(INACTIVE);
    expect(orderFailureText(new ApiError(404, 'Menu not found.', 'NOT_FOUND', 'Menu not found.'))).toBe(INACTIVE);
  });
  it("give each other refusal its own words, the spec's where it has them", () => {
    expect(orderFailureText(new ApiError(409, 'x', 'ORDER_LIMIT_REACHED', 'x'))).toBe(
      'You already reached your order limit!',
    );
    expect(orderFailureText(new ApiError(409, 'x', 'SHOP_CLOSED', 'x'))).toBe('This area is closed now.');
    expect(
      orderFailureText(new ApiError(400, 'please check your order', 'VALIDATION_FAILED', 'please check your order')),
    ).toBe('please check your order');
  });
  it("do not blame the barista for a failure on the server's side", () => {
    const failed = new ApiError(
      500,
      'Something went wrong on our side.',
      'INTERNAL',
      'Something went wrong on our side.',
    );
    expect(orderFailureText(failed)).toBe('Something went wrong on our side.');
    expect(orderFailureText(new ApiError(500, 'Internal Server Error'))).toBe(
      'Something went wrong on our side. Please try again.',
    );
  });
});
