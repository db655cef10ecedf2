import Router from '@koa/router';
import { PickupScreenQuery, businessDay, startOfBusinessDay } from '@drinks/contracts';
import { readyOrders } from '@drinks/projections';
import type { Middleware } from 'koa';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors.js';
import { createPickupKeys, networkMatcher } from '../../pickup-screen/access.js';
import type { AppDeps } from '../deps.js';
import { adminOnly, currentUser, type AppState } from '../middleware/auth.js';
import { parse, pathParam } from '../parse.js';
import { appUrl } from './mailbox.js';

/** What the pickupScreen routes use of the app's ports. */
export type PickupScreenRouteDeps = Pick<AppDeps, 'clock' | 'config' | 'db' | 'logger'>;

/** The public pick-up screen's data and the admin's view keys. Mounted before the order routes. */
export function pickupScreenRoutes(deps: PickupScreenRouteDeps) {
  const router = new Router<AppState>({ prefix: '/api' });
  const keys = createPickupKeys(deps.db.knex, deps.clock);
  const onScreenNetwork = networkMatcher(deps.config.PICKUP_SCREEN_NETWORKS);

  /** A valid view key, else a screen on a listed network (ctx.ip: the proxy's word only as far as TRUST_PROXY says). */
  const screenAccess: Middleware<AppState> = async (ctx, next) => {
    const { key } = parse(PickupScreenQuery, ctx.query, 'query');
    const address = ctx.ip;
    if (key !== undefined) {
      if (!(await keys.isValid(key))) {
        deps.logger.warn({ event: 'pickup_screen.key_refused', ip: address, requestId: ctx.state.requestId });
        throw new ForbiddenError('This view key is not valid (it may have been revoked).');
      }
    } else if (!onScreenNetwork(address)) {
      deps.logger.info({ event: 'pickup_screen.network_refused', ip: address, requestId: ctx.state.requestId });
      throw new UnauthorizedError('Open the pick-up screen on the counter network or with a view key.');
    }
    await next();
  };

  router.get('/order/ready', screenAccess, async (ctx) => {
    const tz = deps.config.BUSINESS_TZ;
    const today = startOfBusinessDay(businessDay(deps.clock(), tz), tz);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readyOrders(deps.db.knex, today);
  });

  router.post('/pickup-screen/keys', adminOnly, async (ctx) => {
    const admin = currentUser(ctx);
    const { id, key } = await keys.create(admin.id);
    deps.logger.info({ event: 'pickup_screen.key_created', keyId: id, by: admin.id, requestId: ctx.state.requestId });
    ctx.status = 201;
    ctx.body = { id, key, url: `${appUrl(deps, ctx)}/ready?key=${encodeURIComponent(key)}` };
  });

  router.get('/pickup-screen/keys', adminOnly, async (ctx) => {
    ctx.body = await keys.list();
  });

  router.delete('/pickup-screen/keys/:id', adminOnly, async (ctx) => {
    const admin = currentUser(ctx);
    const id = pathParam(ctx);
    if (!(await keys.revoke(id))) throw new NotFoundError('No such view key.');
    deps.logger.info({ event: 'pickup_screen.key_revoked', keyId: id, by: admin.id, requestId: ctx.state.requestId });
    ctx.status = 204;
  });

  return router;
}
