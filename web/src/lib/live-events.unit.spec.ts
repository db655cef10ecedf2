import { describe, expect, it } from 'vitest';
import { missedSomething } from './live-events.js';

describe('when a (re)connected live socket refetches what the screen shows', () => {
  it('always on the first hello of the page: the first fetch may predate the subscription', () => {
    expect(missedSomething(null, 0)).toBe(true);
    expect(missedSomething(null, 42)).toBe(true);
  });

  it('after a reconnection only if the log moved past what this page last heard of', () => {
    expect(missedSomething(42, 42)).toBe(false);
    expect(missedSomething(42, 45)).toBe(true);
    // Another server process, or a restarted one, counts differently: refetch rather than guess.
    expect(missedSomething(42, 0)).toBe(true);
  });
});
