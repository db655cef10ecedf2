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

/** Cafe and bar both closed: what catalog changes wait for (409 SHOP_OPEN) and the closed notice shows. */
export const isFullyClosed = (shop: ShopStatus): boolean => !shop.isCafeOpen && !shop.isBarOpen;

/** Whether an area (the cafe or the bar) takes orders now. */
export function isAreaOpen(shop: ShopStatus, area: Area): boolean {
  return area === 'cafe' ? shop.isCafeOpen : shop.isBarOpen;
}
