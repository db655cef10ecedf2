import type { Role, ShopStatus } from '@drinks/contracts';

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
  if (role === 'barista') return '/ordering';
  if (role === 'admin') {
    if (shop.isBarOpen) return '/order_bar';
    if (shop.isCafeOpen) return '/menuCafe-admin';
    return '/close-all-admin';
  }
  if (shop.isBarOpen && !shop.isCafeOpen) return '/order_bar';
  if (shop.isCafeOpen) return opts.afterLogin ? '/statusOrder' : '/menuCafe';
  return '/close-all';
}

/** The orders page of a role (error page 'Back to home', tokens on the login page). */
export function homePath(role: Role): string {
  if (role === 'admin') return '/statusOrder-admin';
  if (role === 'user') return '/statusOrder';
  return '/ordering';
}

/** Path with the '-admin' suffix for admins, e.g. adminVariant('/menuCafe', 'admin'). */
export function roleVariant(path: string, role: Role | undefined): string {
  return role === 'admin' ? `${path}-admin` : path;
}

export function closedPath(role: Role | undefined): string {
  return role === 'admin' ? '/close-all-admin' : '/close-all';
}
