import type { ShopStatus } from '@drinks/contracts';
import { landingPath } from '../../lib/access.js';
import { paths } from '../../lib/paths.js';

/** 'Both closed' only when both are: the cafe open goes to the orders, the bar open to the bar menu. */
export function closedPageRedirect(role: 'user' | 'admin', shop: ShopStatus): string | null {
  if (shop.isCafeOpen) return paths.statusOrder(role);
  if (shop.isBarOpen) return landingPath(role, shop);
  return null;
}
