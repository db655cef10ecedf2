import { describe, expect, it } from 'vitest';
import { toastDuration } from './toast-provider.js';

describe('toast duration', () => {
  it('every toast closes by itself, an error a little later than a success of the same words', () => {
    const success = toastDuration({ severity: 'success', title: 'Order Placed Successfully!', message: 'Check it' });
    const error = toastDuration({ severity: 'error', title: 'Order Placed Successfully!', message: 'Check it' });
    expect(success).toBeGreaterThan(0);
    expect(error).toBeGreaterThan(success);
  });

  it('a long message stays longer but never beyond 10 s; an explicit time wins', () => {
    const short = toastDuration({ severity: 'info', title: 'Ready' });
    const long = toastDuration({ severity: 'info', title: 'Ready', message: 'word '.repeat(200) });
    expect(long).toBeGreaterThan(short);
    expect(long).toBe(10_000);
    expect(toastDuration({ severity: 'info', title: 'x', autoCloseMs: 30_000 })).toBe(30_000);
  });
});
