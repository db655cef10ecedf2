import { describe, expect, it } from 'vitest';
import { endOfToday, hideForToday, parseLanguage, shouldShowPopup } from './popup-logic.js';

describe('event popup', () => {
  const now = new Date(2026, 9, 30, 10, 0);

  it('shows when nothing is stored', () => {
    expect(shouldShowPopup({ dismissed: null, hiddenToday: null }, now)).toBe(true);
  });

  it("'Don't show for today' hides it until the next calendar day", () => {
    const stored = hideForToday(now);
    expect(new Date(stored.dismissed).getTime()).toBe(endOfToday(now).getTime());
    expect(shouldShowPopup(stored, new Date(2026, 9, 30, 23, 59))).toBe(false);
    expect(shouldShowPopup(stored, new Date(2026, 9, 31, 0, 1))).toBe(true);
  });

  it('a dismissed-until in the past does not suppress it', () => {
    expect(shouldShowPopup({ dismissed: new Date(2026, 9, 30).toISOString(), hiddenToday: null }, now)).toBe(true);
  });

  it('opens only inside its dates: from 1 October to the party on the 31st', () => {
    const nothing = { dismissed: null, hiddenToday: null };
    expect(shouldShowPopup(nothing, new Date(2026, 9, 1, 0, 0))).toBe(true);
    expect(shouldShowPopup(nothing, new Date(2026, 9, 31, 23, 59))).toBe(true);
    expect(shouldShowPopup(nothing, new Date(2026, 10, 1, 0, 0))).toBe(false);
    expect(shouldShowPopup(nothing, new Date(2026, 10, 23, 10, 0))).toBe(false);
    expect(shouldShowPopup(nothing, new Date(2026, 8, 30, 10, 0))).toBe(false);
  });

  it('defaults to Thai', () => {
    expect(parseLanguage(null)).toBe('thai');
    expect(parseLanguage('english')).toBe('english');
    expect(parseLanguage('klingon')).toBe('thai');
  });
});
