import type { Area, ShopStatus, ShopStatusParam } from './shapes.js';

/** The derived three-way state the barista board shows. */
export function shopStatusParam(s: ShopStatus): ShopStatusParam {
  if (s.isCafeOpen && !s.isBarOpen) return 'cafe-open';
  if (!s.isCafeOpen && s.isBarOpen) return 'bar-open';
  return 'all-close';
}

export function shopStatusFromParam(p: ShopStatusParam): ShopStatus {
  return { isCafeOpen: p === 'cafe-open', isBarOpen: p === 'bar-open' };
}

/** Whether an area (the cafe or the bar) takes orders now. */
export function isAreaOpen(shop: ShopStatus, area: Area): boolean {
  return area === 'cafe' ? shop.isCafeOpen : shop.isBarOpen;
}
