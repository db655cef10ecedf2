import { describe, expect, it } from 'vitest';
import { ageText } from './last-known.js';

describe('the age of last-known data', () => {
  it('says it in minutes, hours or days', () => {
    const min = 60_000;
    expect(ageText(20_000)).toBe('just now');
    expect(ageText(5 * min)).toBe('5 min ago');
    expect(ageText(59 * min)).toBe('59 min ago');
    expect(ageText(3 * 60 * min + 5 * min)).toBe('3 h ago');
    expect(ageText(25 * 60 * min)).toBe('1 day ago');
    expect(ageText(50 * 60 * min)).toBe('2 days ago');
    expect(ageText(-1000)).toBe('just now');
  });
});
