import Router from '@koa/router';
import { zoneOffsets, type ClientConfig, type ZoneOffsets } from '@drinks/contracts';
import { officeCheck, strictAccounts } from '../../config.js';
import { NotFoundError, UnauthorizedError } from '../../errors.js';
import type { AppDeps } from '../deps.js';
import type { AppState } from '../middleware/auth.js';
import { metricsAccess } from '../metrics-access.js';
import { asyncApiDocument } from '../asyncapi.js';
import { openApiDocument } from '../openapi.js';

/** What the ops routes use of the app's ports. */
export type OpsRouteDeps = Pick<AppDeps, 'clock' | 'companySignIn' | 'config' | 'metrics' | 'readiness'>;

export function opsRoutes(deps: OpsRouteDeps) {
  const router = new Router<AppState>({ prefix: '/api' });

  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get('/readyz', async (ctx) => {
    const { ready, detail } = await deps.readiness();
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not ready', ...detail };
  });

  const mayReadMetrics = metricsAccess(deps.config);
  router.get('/metrics', async (ctx) => {
    const verdict = mayReadMetrics(ctx);
    if (verdict === 'unauthorized') throw new UnauthorizedError('The metrics token is missing or wrong.');
    if (verdict === 'not-found') throw new NotFoundError();
    ctx.type = deps.metrics.registry.contentType;
    ctx.body = await deps.metrics.registry.metrics();
  });

  router.get('/config', (ctx) => {
    const now = deps.clock();
    const body: ClientConfig = {
      companyEmailDomain: deps.config.COMPANY_EMAIL_DOMAIN,
      businessTimeZone: deps.config.BUSINESS_TZ,
      officeCheck: officeCheck(deps.config) !== null,
      ...(deps.companySignIn ? { companySignIn: { name: deps.companySignIn.name } } : {}),
      passwordSignIn: !deps.config.OIDC_ONLY,
      verifiedEmailToOrder: strictAccounts(deps.config),
      weakPasswordsRefused: strictAccounts(deps.config),
      recallWindowSeconds: deps.config.RECALL_WINDOW_SECONDS,
      now: now.toISOString(),
      businessTimeOffsets: offsetsAround(now, deps.config.BUSINESS_TZ),
    };
    ctx.body = body;
  });

  let openapi: unknown;
  let asyncapi: unknown;
  router.get('/asyncapi.json', (ctx) => {
    asyncapi ??= asyncApiDocument();
    ctx.body = asyncapi;
  });

  router.get('/openapi.json', (ctx) => {
    openapi ??= openApiDocument();
    ctx.body = openapi;
  });

  return router;
}

const OFFSETS_SPAN_MS = 40 * 24 * 3600 * 1000;
let offsetsCache: { key: string; table: ZoneOffsets } | undefined;

/** The zone's offsets 40 days either side of `now` (a client's app stays open, or its answer stored, for days). */
function offsetsAround(now: Date, timeZone: string): ZoneOffsets {
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const key = `${timeZone}|${hour}`;
  if (offsetsCache?.key !== key)
    offsetsCache = {
      key,
      table: zoneOffsets(timeZone, new Date(hour - OFFSETS_SPAN_MS), new Date(hour + OFFSETS_SPAN_MS)),
    };
  return offsetsCache.table;
}
