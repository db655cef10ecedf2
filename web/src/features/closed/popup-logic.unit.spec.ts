import { describe, expect, it } from 'vitest';
import { endOfToday, hideForToday, parseLanguage, shouldShowPopup } from './popup-logic.js';

describe('event popup', () => {
  const now = new Date(2026, 9, 31, 10, 0);

  it('shows when nothing is stored', () => {
    expect(shouldShowPopup({ dismissed: null, hiddenToday: null }, now)).toBe(true);
  });

  it("'Don't show for today' hides it until the next calendar day", () => {
    const stored = hideForToday(now);
    expect(new Date(stored.dismissed).getTime()).toBe(endOfToday(now).getTime());
    expect(shouldShowPopup(stored, new Date(2026, 9, 31, 23, 59))).toBe(false);
    expect(shouldShowPopup(stored, new Date(2026, 10, 1, 0, 1))).toBe(true);
  });

  it('a dismissed-until in the past does not suppress it', () => {
    expect(shouldShowPopup({ dismissed: new Date(2026, 9, 30).toISOString(), hiddenToday: null }, now)).toBe(true);
  });

  it('defaults to Thai', () => {
    expect(parseLanguage(null)).toBe('thai');
    expect(parseLanguage('english')).toBe('english');
    expect(parseLanguage('klingon')).toBe('thai');
  });
});
