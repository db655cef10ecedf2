import { describe, expect, it } from 'vitest';
import { fitEdit } from './fit-edit.js';

describe('fitEdit', () => {
  it('takes an edit within the limit as it is, counting an emoji as one character', () => {
    expect(fitEdit('😀'.repeat(4), '😀'.repeat(5), 5)).toBe('😀'.repeat(5));
    expect(fitEdit('abc', '', 2)).toBe('');
  });

  it('cuts what was typed or pasted to the room left, where it was put', () => {
    expect(fitEdit('😀'.repeat(5), '😀'.repeat(6), 5)).toBe('😀'.repeat(5));
    expect(fitEdit('abcde', 'abXcde', 5)).toBe('abcde');
    expect(fitEdit('abc', 'abXYZc', 5)).toBe('abXYc');
    expect(fitEdit('', '😀'.repeat(30), 27)).toBe('😀'.repeat(27));
    // A selection replaced by a longer paste: the selection's room is the paste's.
    expect(fitEdit('abcde', 'aXYZWVe', 5)).toBe('aXYZe');
  });
});
