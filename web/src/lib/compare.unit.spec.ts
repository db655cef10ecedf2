import { describe, expect, it } from 'vitest';
import { byCodePoint, byName } from './compare.js';

describe('sorting without a collator', () => {
  it('sorts names with letters of either case together', () => {
    expect(['Tea', 'latte', 'Coffee', 'mocha', 'Frappe'].sort(byName)).toEqual([
      'Coffee',
      'Frappe',
      'latte',
      'mocha',
      'Tea',
    ]);
    expect(['tea', 'Tea'].sort(byName)).toEqual(['Tea', 'tea']);
  });

  it('sorts ISO instants of one format in time order', () => {
    const instants = ['2026-11-28T10:00:00.000Z', '2026-11-27T23:59:59.999Z', '2026-11-28T09:59:59.000Z'];
    expect([...instants].sort(byCodePoint)).toEqual([
      '2026-11-27T23:59:59.999Z',
      '2026-11-28T09:59:59.000Z',
      '2026-11-28T10:00:00.000Z',
    ]);
  });
});
