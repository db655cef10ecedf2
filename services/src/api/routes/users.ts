import Router from '@koa/router';
import { AdminUserPatch, UserListQuery } from '@drinks/contracts';
import { listUsers } from '@drinks/projections';
import { changeUser } from '../../domain/index.js';
import { NotFoundError } from '../../errors.js';
import type { AppDeps } from '../deps.js';
import { type AppState, adminOnly, currentUser } from '../middleware/auth.js';
import { linkNextPage } from '../pagination.js';
import { parse, pathParam } from '../parse.js';
import { logSecurityEvent } from '../security-log.js';
import { commandMetadata } from './command-metadata.js';

/** What the user routes use of the app's ports. */
export type UserRouteDeps = Pick<AppDeps, 'db' | 'logger' | 'push' | 'store' | 'tokens' | 'users' | 'waitFor'>;

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
    await deps.waitFor(result.lastPosition);
    const after = await deps.users.get(pathParam(ctx));
    const who = { account: target.email, address: ctx.ip, actor: actor.id, requestId: ctx.state.requestId };
    if (after && after.role !== target.role) {
      logSecurityEvent(deps.logger, 'role-changed', { ...who, from: target.role, to: after.role });
    }
    if (after && after.isAvailable !== target.isAvailable) {
      logSecurityEvent(deps.logger, after.isAvailable ? 'user-enabled' : 'user-disabled', who);
      if (!after.isAvailable) {
        // Signed out everywhere, as at logout: enabling the account again does not bring its old tokens back.
        await deps.tokens.revokeAll(after.id);
        await deps.push.subscriptions.removeAllOf(after.id);
      }
    }
    ctx.body = after;
  });

  return router;
}
