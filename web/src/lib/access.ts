import type { Role, ShopStatus } from '@drinks/contracts';
import { paths } from './paths.js';

// Pure decisions of customer-side.md §2 (guards) and §4 (landing).

export type GuardDecision = 'loading' | 'login' | 'unauthorized' | 'allow';

export function guardDecision(
  allowed: readonly Role[] | 'any',
  user: { role: Role } | null,
  initialised: boolean,
): GuardDecision {
  if (!initialised) return 'loading';
  if (!user) return 'login';
  if (allowed === 'any' || allowed.includes(user.role)) return 'allow';
  return 'unauthorized';
}

/** Where a person lands for their role and the shop's open state. */
export function landingPath(role: Role, shop: ShopStatus, opts: { afterLogin?: boolean } = {}): string {
  if (role === 'barista') return paths.ordering;
  if (role === 'admin') {
    if (shop.isBarOpen) return paths.orderBar;
    if (shop.isCafeOpen) return paths.menuCafe('admin');
    return paths.closed('admin');
  }
  if (shop.isBarOpen && !shop.isCafeOpen) return paths.orderBar;
  if (shop.isCafeOpen) return opts.afterLogin ? paths.statusOrder() : paths.menuCafe();
  return paths.closed();
}

/** The orders page of a role (error page 'Back to home', tokens on the login page). */
export function homePath(role: Role): string {
  if (role === 'barista') return paths.ordering;
  return paths.statusOrder(role);
}
