import type { WaitEstimate } from '@drinks/contracts';

/** 'ready in about 6–9 min'; 'ready in about 5 min' when both ends agree. */
export function estimateText(e: WaitEstimate): string {
  const low = Math.max(1, e.lowMinutes);
  const high = Math.max(low, e.highMinutes);
  if (high <= 1) return 'ready in about a minute';
  return low === high ? `ready in about ${high} min` : `ready in about ${low}–${high} min`;
}

export const INGREDIENT_UNAVAILABLE = 'Ingredient Unavailable';

/** 5.5 → '5.5 min'. */
export function formatWait(minutes: number): string {
  const r = Math.round(minutes * 10) / 10;
  return `${Number.isInteger(r) ? r.toFixed(0) : r.toFixed(1)} min`;
}
