import { describe, expect, it } from 'vitest';
import { toastDuration } from './toast-provider.js';

describe('toast duration', () => {
  it("every toast closes by itself after the spec's default 5000 ms, whatever its kind or length", () => {
    expect(toastDuration({ severity: 'success', title: 'Order Placed Successfully!', message: 'Check it' })).toBe(5000);
    expect(toastDuration({ severity: 'error', title: 'Order failed!', message: 'word '.repeat(200) })).toBe(5000);
  });

  it('an explicit time wins', () => {
    expect(toastDuration({ severity: 'info', title: 'x', autoCloseMs: 30_000 })).toBe(30_000);
  });
});
