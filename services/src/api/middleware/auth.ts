import { STAFF_ROLES, type Role, type User } from '@drinks/contracts';
import type { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { ForgedToken } from '../../auth/tokens.js';
import { ForbiddenError, UnauthorizedError } from '../../errors.js';
import { logSecurityEvent } from '../security-log.js';
import type { AppDeps } from '../deps.js';

export type AppState = { requestId: string; user?: User; authError?: Error };

const API_PATH = /^\/api(?:\/|$)/i;

/**
 * Resolves the bearer token to the current user (role from the read model, through
 * the user cache: at most a second old). A bad token is only an error where a user is needed: public calls
 * answer as for an anonymous caller.
 */
export function authenticate(deps: Pick<AppDeps, 'tokens' | 'users' | 'logger'>): Middleware<AppState> {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    // Any case, as the router matches paths: a call it answers at /API/… needs its caller too.
    if (header && API_PATH.test(ctx.path)) {
      try {
        const match = /^Bearer\s+(\S+)$/i.exec(header);
        if (!match?.[1]) throw new UnauthorizedError('Malformed Authorization header.');
        const { userId } = await deps.tokens.verifyAccess(match[1]);
        const user = await deps.users.current(userId);
        if (!user || !user.isAvailable) throw new UnauthorizedError('This account is not active.');
        ctx.state.user = user;
      } catch (err) {
        if (!(err instanceof UnauthorizedError)) throw err;
        if (err instanceof ForgedToken) logSecurityEvent(deps.logger, 'access-token-forged', { address: ctx.ip });
        ctx.state.authError = err;
      }
    }
    await next();
  };
}

export function currentUser(ctx: { state: AppState }): User {
  const user = ctx.state.user;
  if (!user) throw ctx.state.authError ?? new UnauthorizedError();
  return user;
}

type Guard = (ctx: { state: AppState }) => void;
/** Each guard's check, by the middleware requireRole made for it (see routeGuard). */
const CHECKS = new WeakMap<object, Guard>();

/** Any signed-in caller, or only the given roles. */
export function requireRole(...roles: Role[]): Middleware<AppState> {
  const check: Guard = (ctx) => {
    const user = currentUser(ctx);
    if (roles.length > 0 && !roles.includes(user.role)) throw new ForbiddenError();
  };
  const guard: Middleware<AppState> = async (ctx, next) => {
    check(ctx);
    await next();
  };
  CHECKS.set(guard, check);
  return guard;
}

/**
 * The check of the guard on the route `router` runs for this request (the first route matching its path and
 * method), or none when that route is open to anyone: a 401 or 403 answered before the route runs.
 */
export function routeGuard(router: Router<AppState>, ctx: { path: string; method: string }): Guard | undefined {
  const route = router.match(ctx.path, ctx.method).pathAndMethod.find((layer) => layer.methods.length > 0);
  for (const middleware of route?.stack ?? []) {
    const check = CHECKS.get(middleware);
    if (check) return check;
  }
  return undefined;
}

export const signedIn = requireRole();
export const staffOnly = requireRole(...STAFF_ROLES);
export const adminOnly = requireRole('admin');

/** A user is staff as an actor is (domain/actor.ts): one rule. */
export { isStaff } from '../../domain/actor.js';
