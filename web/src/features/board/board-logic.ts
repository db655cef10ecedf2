import { characterCount, isFullyClosed, LIMITS, REJECT_PRESETS, type ShopStatus } from '@drinks/contracts';

export const OTHER_REASON_MAX = LIMITS.rejectNote;
export const OTHER = 'Other';
export const REASON_OPTIONS: readonly string[] = [...REJECT_PRESETS, OTHER];

/** The reject note to send, or null while no valid reason is given. */
export function rejectNote(choice: string, other: string): string | null {
  if (!choice) return null;
  if (choice !== OTHER) return choice;
  if (other.length === 0 || characterCount(other) > OTHER_REASON_MAX || other.startsWith(' ')) return null;
  return other;
}

export function otherReasonError(other: string): string | null {
  if (other.startsWith(' ')) return 'Input must not start with a space.';
  if (characterCount(other) > OTHER_REASON_MAX) return `At most ${OTHER_REASON_MAX} characters.`;
  return null;
}

/** The selector is offered only while nothing is queued today, or while all is closed. */
export function canChangeShopStatus(shop: ShopStatus, activeOrders: number): boolean {
  return activeOrders === 0 || isFullyClosed(shop);
}

export function remarkText(remark: string): string | null {
  const r = remark.trim();
  return r === '' || r === '-' ? null : r;
}
