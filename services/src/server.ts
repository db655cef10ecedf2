import http from 'node:http';
import Koa from 'koa';
import { pino, type Logger } from 'pino';
import { createMetrics, type Metrics } from './api/metrics.js';
import { metricsAccess } from './api/metrics-access.js';
import { createInProcessBus } from './bus/in-process.js';
import { createDeferredBus } from './bus/deferred.js';
import { createNatsBus } from './bus/nats.js';
import type { Bus } from './bus/types.js';
import type { DemoAccount } from './cli/seed.js';
import { offsetClock, systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openConfiguredDatabase, type Db } from './db/database.js';
import { migrateCore } from './db/migrations.js';
import type { Mailer } from './mail/mailer.js';
import { startApi } from './roles/api.js';
import { listen, type ProcessParts } from './roles/parts.js';
import { startProjection } from './roles/projection.js';
import { startRelayRole } from './roles/relay.js';

/** How long requests under way at a stop may take to finish before their connections are cut. */
const CLOSE_GRACE_MS = 5_000;
const IDLE_SWEEP_MS = 100;
import { createEventStore } from './store/event-store.js';
import type { EventStore } from './store/types.js';
import { loadLogId } from './store/log-id.js';

export interface RunningServer {
  url: string;
  port: number;
  demoAccounts: DemoAccount[];
  /** Where /api/metrics is served when METRICS_PORT is set. */
  metricsPort?: number | undefined;
  logger: Logger;
  /** For tests that look at stored state directly. */
  db: Db;
  close(): Promise<void>;
}

/**
 * Starts the parts of the system this process runs (ROLE): `all` is the
 * embedded default (api + relay + projector in one process). Each role is in roles/.
 */
export async function startServer(
  config: Config,
  options: { logger?: Logger; clock?: Clock; mailer?: Mailer } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? pino({ level: config.LOG_LEVEL });
  const clock = options.clock ?? (config.FAKE_NOW ? offsetClock(new Date(config.FAKE_NOW)) : systemClock);
  const role = config.ROLE;
  const db = await openConfiguredDatabase(config);
  await migrateCore(db);
  const store = createEventStore(db, { clock });
  const metrics = createMetrics();
  store.onAppended(() => metrics.eventsAppended.inc());

  const bus: Bus = config.NATS_URL
    ? await natsBus(config.NATS_URL, config, { db, store, logger })
    : createInProcessBus();
  const parts: ProcessParts = { config, clock, logger, db, store, bus, metrics, closers: [], subscriptions: [] };
  const { closers, subscriptions } = parts;

  const reads = await startProjection(parts);
  if (role === 'all' || role === 'relay') await startRelayRole(parts);

  let demoAccounts: DemoAccount[] = [];
  let server: http.Server;
  let url: string;
  if (role === 'all' || role === 'api') {
    ({ server, url, demoAccounts } = await startApi(parts, reads, { mailer: options.mailer }));
  } else {
    // Relay and projector processes answer health checks and metrics too.
    server = http.createServer(opsOnlyApp(metrics, metricsAccess(config)).callback());
    url = await listen(server, config);
  }

  let metricsPort: number | undefined;
  if (config.METRICS_PORT !== undefined) {
    const metricsServer = http.createServer(opsOnlyApp(metrics, () => 'ok').callback());
    const metricsUrl = await listen(metricsServer, { PORT: config.METRICS_PORT, HOST: config.HOST }).catch((err) => {
      // So the start's message names the setting to change (PORT is already listening).
      throw Object.assign(err as object, { setting: 'METRICS_PORT' });
    });
    metricsPort = Number(new URL(metricsUrl).port);
    closers.push(() => new Promise<void>((resolve) => metricsServer.close(() => resolve())));
  }

  return {
    url,
    port: Number(new URL(url).port),
    metricsPort,
    db,
    demoAccounts,
    logger,
    async close() {
      // No new connections; idle keep-alive ones end now, and requests under way finish (a sign-in, an order)
      // rather than being cut. The live sockets end with the closers (1001), before the wait: the server's
      // close waited for them, till main's 10 s timer exited 1. Whatever still runs after a grace period is cut.
      const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A connection with a request under way is not idle now, and a browser keeps reusing a connection that
      // stays alive (a page probing the server every second): each held the exit till the grace period's cut,
      // answering as if nothing were stopping. Answers from now on end their connection, and connections that
      // fall idle after an answer already under way are ended as they do.
      server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
        if (!res.headersSent) res.setHeader('Connection', 'close');
      });
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      for (const close of closers.reverse()) await close().catch((err) => logger.warn({ err }, 'close failed'));
      const grace = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
      await httpClosed;
      clearTimeout(grace);
      clearInterval(sweep);
      for (const s of subscriptions) await s.close().catch(() => undefined);
      await bus.close();
      await store.close();
      await db.close();
    },
  };
}

/**
 * The NATS bus, marked with this database's log id. A stream that is another database's stops the start when NATS
 * answers now; while NATS is down the start goes on, and the bus keeps trying.
 */
async function natsBus(
  url: string,
  config: Config,
  { db, store, logger }: { db: Db; store: EventStore; logger: Logger },
): Promise<Bus> {
  const logId = await loadLogId(db);
  const bus = createDeferredBus(
    () =>
      createNatsBus({
        url,
        stream: config.NATS_STREAM,
        subjectPrefix: config.NATS_SUBJECT_PREFIX,
        logId,
        inLog: async (event) => (await store.readAll(event.position - 1, 1))[0]?.id === event.id,
        logger,
      }),
    { logger },
  );
  await bus.firstTry;
  return bus;
}

function opsOnlyApp(metrics: Metrics, access: ReturnType<typeof metricsAccess>) {
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.path === '/api/healthz') ctx.body = { status: 'ok' };
    else if (ctx.path === '/api/metrics') {
      const verdict = access(ctx);
      if (verdict !== 'ok') return void (ctx.status = verdict === 'unauthorized' ? 401 : 404);
      ctx.type = metrics.registry.contentType;
      ctx.body = await metrics.registry.metrics();
    } else ctx.status = 404;
  });
  return app;
}
