import { createReadStream, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { READ_POSITION_HEADER } from '@drinks/contracts';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import serve from 'koa-static';
import { AppError, UnauthorizedError } from '../errors.js';
import type { AppDeps } from './deps.js';
import { type AppState, authenticate, routeGuard } from './middleware/auth.js';
import { clientAddress } from './middleware/client-address.js';
import { idempotentBody, recallingOnlyKnownKeys } from './middleware/idempotent-body.js';
import { checkedBody, jsonBodyOnly } from './middleware/body-check.js';
import { logSecurityEvent } from './security-log.js';
import { errorHandler, isZlibError, problem } from './middleware/error-handler.js';
import { requestContext, securityHeaders, serializeJson } from './middleware/request-context.js';
import { authRoutes } from './routes/auth.js';
import { companySignInRoutes } from './routes/company-sign-in.js';
import { catalogRoutes } from './routes/catalog.js';
import { imageRoutes } from './routes/images.js';
import { insightRoutes } from './routes/insights.js';
import { mailboxRoutes } from './routes/mailbox.js';
import { opsRoutes } from './routes/ops.js';
import { orderRoutes } from './routes/orders.js';
import { pickupScreenRoutes } from './routes/pickup-screen.js';
import { pushRoutes } from './routes/push.js';
import { shopRoutes } from './routes/shop.js';
import { userRoutes } from './routes/users.js';

/** A 5 MB image as a base64 data URL is about 6.7 MB; every other body is small. */
const UPLOAD_LIMIT = '7mb';
const JSON_LIMIT = '64kb';

/**
 * API.md: any failure of a sign-in is 401 INVALID_CREDENTIALS. The route answers so for a missing or mistyped
 * field; a body refused before it runs (broken JSON, not JSON at all, nested too deep) is a failed sign-in too,
 * not a 400 or 415, and is logged as one.
 */
function signInFailsAsOne(logger: AppDeps['logger']): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.path !== '/api/auth/v2/login') return next();
    try {
      await next();
    } catch (err) {
      const status = err instanceof AppError ? err.status : (err as { status?: unknown } | null)?.status;
      if (status !== 400 && status !== 415 && !isZlibError(err)) throw err;
      const requestId = ctx.state.requestId;
      logSecurityEvent(logger, 'login-failed', { address: ctx.ip, requestId, reason: 'malformed' });
      throw new UnauthorizedError('Email or Password incorrect.', 'INVALID_CREDENTIALS');
    }
  };
}

/**
 * A caller the route turns away (no token, an expired one, a customer on a staff call) is answered 401 or 403
 * whatever the body: `body`'s refusals (not JSON, broken, too large, too deep) come after the route's guard,
 * as its own validation does.
 */
function turnedAwayFirst(router: Router<AppState>, body: Koa.Middleware<AppState>): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    let taken = false;
    try {
      await body(ctx, () => {
        taken = true;
        return next();
      });
    } catch (err) {
      if (!taken) routeGuard(router, ctx)?.(ctx);
      throw err;
    }
  };
}

/** Paths of files, never of a screen: the build's assets, and files at the root (a script, an icon). */
const NOT_A_ROUTE = /^\/assets\/|^\/[^/]+\.(?:js|mjs|css|map|json|webmanifest|png|jpe?g|svg|ico|txt|woff2?)$/;

export function createApp(appDeps: AppDeps, options: { webDir?: string } = {}): Koa<AppState> {
  const newKeys = new Set<string>();
  const deps: AppDeps = { ...appDeps, store: recallingOnlyKnownKeys(appDeps.store, newKeys) };
  const app = new Koa<AppState>({ proxy: false });
  // Every JSON type (application/merge-patch+json too), as jsonBodyOnly lets through. The parser merges this
  // list into its own index by index (lodash.merge), so it names application/json first.
  const json = {
    enableTypes: ['json' as const],
    extendTypes: { json: ['application/json', '+json'] },
    encoding: 'utf-8',
  };
  const uploadParser = bodyParser({ ...json, jsonLimit: UPLOAD_LIMIT });
  // DELETE too: DELETE /api/push/subscriptions names the endpoint in its body (a device's secret, kept out of URLs).
  const jsonParser = bodyParser({ ...json, jsonLimit: JSON_LIMIT, parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] });

  // The first reading of the path, which every later middleware reads (the error handler and the access log
  // too): a target in absolute form whose host does not parse (GET http://[::1/api/x) throws from ctx.path, and
  // was a bare 500 and an error log. API.md lists the probes as /healthz, /readyz and /metrics; they live under
  // /api like every call, and answer at the root too, where a probe written from that list looks.
  app.use((ctx, next) => {
    let requested: string;
    try {
      requested = ctx.path;
    } catch {
      ctx.status = 400;
      ctx.type = 'application/problem+json';
      ctx.body = problem(400, 'VALIDATION_FAILED', 'The request target is not a valid URL.');
      return;
    }
    if (requested === '/healthz' || requested === '/readyz' || requested === '/metrics') ctx.path = `/api${requested}`;
    return next();
  });
  app.use(clientAddress(deps.config.TRUST_PROXY));
  // The access log, the headers and the counters sit outside the error handler: they see the status it answers.
  app.use(requestContext(deps.logger));
  app.use(securityHeaders(deps.config.APP_URL));
  app.use(deps.metrics.middleware());
  app.use(errorHandler(deps.logger));
  // Phones on the office Wi-Fi: the app's scripts and the JSON lists shrink to about a quarter.
  app.use(compress({ threshold: 1024, br: false }));
  app.use(serializeJson());
  app.use(signInFailsAsOne(deps.logger));
  app.use(authenticate(deps));
  const api = new Router<AppState>();
  const onlyJson = jsonBodyOnly();
  const parse: Koa.Middleware<AppState> = (ctx, next) =>
    ctx.path === '/api/upload/image' ? uploadParser(ctx, next) : jsonParser(ctx, next);
  const checked = checkedBody();
  app.use(turnedAwayFirst(api, (ctx, next) => onlyJson(ctx, () => parse(ctx, () => checked(ctx, next)))));
  app.use(idempotentBody(deps, newKeys));
  // Read before the route reads: what it answers reflects at least this much of the log.
  app.use((ctx, next) => {
    if (ctx.method === 'GET' && ctx.path.startsWith('/api/'))
      ctx.set(READ_POSITION_HEADER, String(deps.readPosition()));
    return next();
  });

  // One router holding every route: each request is matched once, not once per module (twelve
  // routers, each with its own allowedMethods, matched and allocated per request in turn).
  for (const routes of [
    opsRoutes,
    authRoutes,
    companySignInRoutes,
    mailboxRoutes,
    userRoutes,
    shopRoutes,
    catalogRoutes,
    // Before the order routes: GET /order/ready is not an order id.
    pickupScreenRoutes,
    orderRoutes,
    insightRoutes,
    imageRoutes,
    pushRoutes,
  ])
    api.use(routes(deps).routes());
  app.use(api.routes());
  // The router answers 501 to a method no route takes (TRACE, PROPFIND: scanners send them): that is the
  // client's request, not our fault, so it is a 405 where the path exists (Allow names what it takes), a 404
  // where it does not, and never a 5xx counted against the server.
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status === 501) ctx.status = ctx.response.get('Allow') ? 405 : 404;
  });
  app.use(api.allowedMethods());

  const webDir = options.webDir;
  if (webDir && existsSync(path.join(webDir, 'index.html'))) {
    app.use(
      serve(webDir, {
        index: 'index.html',
        // Vite names assets by content hash; the shell must always be revalidated.
        setHeaders: (res, file) =>
          res.setHeader(
            'Cache-Control',
            file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          ),
      }),
    );
    // Client-side routes: every other GET outside /api gets the app shell; /login the shell that
    // paints the welcome page before its scripts run, and the screens an app most often opens on a shell
    // naming their scripts for the browser to fetch at once (web/vite.config.ts).
    const loginShell = existsSync(path.join(webDir, 'login.html')) ? 'login.html' : 'index.html';
    const shellsDir = path.join(webDir, 'shells');
    const shells = new Set(existsSync(shellsDir) ? readdirSync(shellsDir).filter((f) => f.endsWith('.html')) : []);
    const shellFor = (urlPath: string): string => {
      if (urlPath === '/login') return loginShell;
      const shell = `${urlPath.split('/')[1]}.html`;
      return shells.has(shell) ? path.join('shells', shell) : 'index.html';
    };
    app.use(async (ctx, next) => {
      if (ctx.method !== 'GET' || ctx.path.startsWith('/api')) return next();
      // A file this build does not have (a script of the version before, which an open page asks for
      // after a deploy) is a 404: as the shell, a 200 in HTML, it failed as a script with no sign why.
      if (NOT_A_ROUTE.test(ctx.path)) return next();
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = createReadStream(path.join(webDir, shellFor(ctx.path)));
    });
  }
  return app;
}
