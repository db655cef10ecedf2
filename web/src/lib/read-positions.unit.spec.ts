import { describe, expect, it, vi } from 'vitest';
import { createReadPositions } from './read-positions.js';

describe('whether the answers a page read cover the live socket’s first hello', () => {
  it('covers a hello no answer falls short of, and a hello before any answer', () => {
    const fresh = createReadPositions();
    expect(fresh.cover(42, () => undefined)).toBe(true);

    const positions = createReadPositions();
    positions.note('42');
    positions.note('50');
    expect(positions.cover(42, () => undefined)).toBe(true);
  });

  it('falls short when one answer reflects less of the log, or says nothing of it', () => {
    const behind = createReadPositions();
    behind.note('50');
    behind.note('41');
    expect(behind.cover(42, () => undefined)).toBe(false);

    for (const header of [null, '', 'soon', '4.5']) {
      const unknown = createReadPositions();
      unknown.note('50');
      unknown.note(header);
      expect(unknown.cover(0, () => undefined)).toBe(false);
    }
  });

  it('checks the answers that arrive after a covered hello, and says once that one fell short', () => {
    const positions = createReadPositions();
    positions.note('42');
    const behind = vi.fn();
    expect(positions.cover(42, behind)).toBe(true);
    positions.note('43');
    expect(behind).not.toHaveBeenCalled();
    positions.note('40');
    positions.note('39');
    expect(behind).toHaveBeenCalledTimes(1);
  });
});
