import Router from '@koa/router';
import { ShopStatusParam } from '@drinks/contracts';
import { daysWithWaitingOrders, getShopStatus } from '@drinks/projections';
import { changeShopStatus } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { type AppState, staffOnly } from '../middleware/auth.js';
import { parse } from '../parse.js';
import { commandMetadata } from './command-metadata.js';

/** What the shop routes use of the app's ports. */
export type ShopRouteDeps = Pick<AppDeps, 'clock' | 'config' | 'db' | 'readYourWrites' | 'store'>;

export function shopRoutes(deps: ShopRouteDeps) {
  const router = new Router<AppState>({ prefix: '/api' });

  router.get('/cafe-status', async (ctx) => {
    ctx.body = await getShopStatus(deps.db.knex);
  });

  router.patch('/cafe-status/:status', staffOnly, async (ctx) => {
    const target = parse(ShopStatusParam, ctx.params.status, 'status');
    const result = await changeShopStatus(
      deps.store,
      {
        target,
        now: deps.clock(),
        timeZone: deps.config.BUSINESS_TZ,
        daysWithWaitingOrders: await daysWithWaitingOrders(deps.db.knex),
      },
      commandMetadata(ctx),
    );
    await deps.readYourWrites(result.lastPosition);
    ctx.body = await getShopStatus(deps.db.knex);
  });

  return router;
}
