import Router from '@koa/router';
import { AdminUserPatch, UserListQuery } from '@drinks/contracts';
import { listUsers } from '@drinks/projections';
import { changeUser, userInLog } from '../../domain/index.js';
import { NotFoundError } from '../../errors.js';
import type { AppDeps } from '../deps.js';
import { type AppState, adminOnly, currentUser } from '../middleware/auth.js';
import { linkNextPage } from '../pagination.js';
import { parse, pathParam } from '../parse.js';
import { logSecurityEvent } from '../security-log.js';
import { commandMetadata } from './command-metadata.js';

/** What the user routes use of the app's ports. */
export type UserRouteDeps = Pick<AppDeps, 'db' | 'logger' | 'push' | 'readYourWrites' | 'store' | 'tokens' | 'users'>;

export function userRoutes(deps: UserRouteDeps) {
  const router = new Router<AppState>({ prefix: '/api' });

  router.get('/user', adminOnly, async (ctx) => {
    const page = parse(UserListQuery, ctx.query, 'query');
    const users = await listUsers(deps.db.knex, page);
    linkNextPage(ctx, page, users.length);
    ctx.body = users;
  });

  router.patch('/user/:id', adminOnly, async (ctx) => {
    const patch = parse(AdminUserPatch, ctx.request.body);
    const actor = currentUser(ctx);
    const target = await deps.users.get(pathParam(ctx));
    if (!target) throw new NotFoundError('No such user.');
    const result = await changeUser(
      deps.store,
      { actor: { id: actor.id, role: actor.role }, userId: pathParam(ctx), patch },
      commandMetadata(ctx),
    );
    // What the change did follows from its events, before any wait: a read model that lags must not leave a
    // disabled person signed in. A repeat under the same Idempotency-Key finds the first call's events again.
    const who = { account: target.email, address: ctx.ip, actor: actor.id, requestId: ctx.state.requestId };
    for (const event of result.duplicate ? [] : result.events) {
      if (event.type === 'UserRoleChanged')
        logSecurityEvent(deps.logger, 'role-changed', { ...who, from: target.role, to: event.data.role });
      if (event.type === 'UserAvailabilityChanged')
        logSecurityEvent(deps.logger, event.data.isAvailable ? 'user-enabled' : 'user-disabled', who);
    }
    const disabled = result.events.some((e) => e.type === 'UserAvailabilityChanged' && !e.data.isAvailable);
    // The repeat signs out again while the account is still disabled (the first call may have ended before it
    // did), never whoever signed in after it was enabled again.
    if (disabled && (!result.duplicate || (await userInLog(deps.store, target.id))?.isAvailable === false)) {
      // Signed out everywhere, as at logout: enabling the account again does not bring its old tokens back.
      await deps.tokens.revokeAll(target.id);
      await deps.push.subscriptions.removeAllOf(target.id);
    }
    await deps.readYourWrites(result.lastPosition);
    ctx.body = await deps.users.get(pathParam(ctx));
  });

  return router;
}
