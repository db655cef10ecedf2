export const POPUP_KEYS = {
  dismissed: 'halloweenPopupDismissed',
  hiddenToday: 'halloweenPopupHiddenToday',
  language: 'halloweenPopupLanguage',
} as const;

export type PopupLanguage = 'thai' | 'english';

export function parseLanguage(stored: string | null): PopupLanguage {
  return stored === 'english' ? 'english' : 'thai';
}

/** Local midnight starting the next calendar day. */
export function endOfToday(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
}

export function localDay(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** The Halloween party is on 31 October: the popup runs through October and never outside it. */
export function inSeason(now: Date): boolean {
  return now.getMonth() === 9;
}

/** Outside its season never; inside it, suppressed while a stored dismissed-until lies in the future, or when hidden for this very day. */
export function shouldShowPopup(stored: { dismissed: string | null; hiddenToday: string | null }, now: Date): boolean {
  if (!inSeason(now)) return false;
  if (stored.dismissed) {
    const until = Date.parse(stored.dismissed);
    if (!Number.isNaN(until) && until > now.getTime()) return false;
  }
  return stored.hiddenToday !== localDay(now);
}

/** What "Don't show for today" stores. */
export function hideForToday(now: Date): { dismissed: string; hiddenToday: string } {
  return { dismissed: endOfToday(now).toISOString(), hiddenToday: localDay(now) };
}
