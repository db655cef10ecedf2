import { describe, expect, it } from 'vitest';
import { canChangeShopStatus, rejectNote, remarkText } from './board-logic.js';

describe('reject reason', () => {
  it('takes a preset as is', () => expect(rejectNote('Machine Failure', '')).toBe('Machine Failure'));
  it('needs a choice', () => expect(rejectNote('', '')).toBeNull());
  it('Other needs 1 to 27 characters not starting with a space', () => {
    expect(rejectNote('Other', '')).toBeNull();
    expect(rejectNote('Other', ' milk')).toBeNull();
    expect(rejectNote('Other', 'x'.repeat(28))).toBeNull();
    expect(rejectNote('Other', 'x'.repeat(27))).toBe('x'.repeat(27));
    expect(rejectNote('Other', 'Out of oat milk')).toBe('Out of oat milk');
  });
});

describe('board', () => {
  it('offers the shop status selector only with an empty queue or when all is closed', () => {
    expect(canChangeShopStatus({ isCafeOpen: true, isBarOpen: false }, 0)).toBe(true);
    expect(canChangeShopStatus({ isCafeOpen: true, isBarOpen: false }, 2)).toBe(false);
    expect(canChangeShopStatus({ isCafeOpen: false, isBarOpen: false }, 2)).toBe(true);
  });

  it("treats '-' as no remark", () => {
    expect(remarkText('-')).toBeNull();
    expect(remarkText('less ice')).toBe('less ice');
  });
});
