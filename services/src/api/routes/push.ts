import Router from '@koa/router';
import { PushSubscriptionBody, PushUnsubscribeBody, type PushPublicKey } from '@drinks/contracts';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { AppDeps } from '../deps.js';
import { currentUser, signedIn, type AppState } from '../middleware/auth.js';
import { parse } from '../parse.js';

/** What the push routes use of the app's ports. */
export type PushRouteDeps = Pick<AppDeps, 'push'>;

/** Web Push: the VAPID public key, and the caller's devices that want to hear about their orders. */
export function pushRoutes(deps: PushRouteDeps) {
  const router = new Router<AppState>({ prefix: '/api/push' });

  router.get('/public-key', (ctx) => {
    ctx.body = { publicKey: deps.push.publicKey } satisfies PushPublicKey;
  });

  router.post('/subscriptions', signedIn, async (ctx) => {
    const subscription = parse(PushSubscriptionBody, ctx.request.body);
    if (!deps.push.endpointAllowed(subscription.endpoint)) {
      const message = 'Not a push service this server sends to (PUSH_SERVICE_HOSTS).';
      throw new ValidationError(`endpoint: ${message}`, [{ path: 'endpoint', message }]);
    }
    await deps.push.subscriptions.save(currentUser(ctx).id, subscription);
    ctx.status = 204;
  });

  router.delete('/subscriptions', signedIn, async (ctx) => {
    const { endpoint } = parse(PushUnsubscribeBody, ctx.request.body);
    if (!(await deps.push.subscriptions.remove(currentUser(ctx).id, endpoint))) {
      throw new NotFoundError('No such push subscription of yours.');
    }
    ctx.status = 204;
  });

  return router;
}
