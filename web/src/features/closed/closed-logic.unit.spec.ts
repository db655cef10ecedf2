import { describe, expect, it } from 'vitest';
import { closedPageRedirect } from './closed-logic.js';

describe('the closed page', () => {
  it('given only the bar open, sends a user and an admin to the bar menu instead of saying both are closed', () => {
    expect(closedPageRedirect('user', { isCafeOpen: false, isBarOpen: true })).toBe('/order_bar');
    expect(closedPageRedirect('admin', { isCafeOpen: false, isBarOpen: true })).toBe('/order_bar');
  });

  it('given the cafe open, sends them to their orders', () => {
    expect(closedPageRedirect('user', { isCafeOpen: true, isBarOpen: false })).toBe('/statusOrder');
    expect(closedPageRedirect('admin', { isCafeOpen: true, isBarOpen: true })).toBe('/statusOrder-admin');
  });

  it('given both closed, stays', () => {
    expect(closedPageRedirect('user', { isCafeOpen: false, isBarOpen: false })).toBeNull();
  });
});
