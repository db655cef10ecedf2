import http from 'node:http';
import Koa from 'koa';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_PROJECTIONS, getOrder, getUser, queueOfDay, usersProjection } from '@drinks/projections';
import { pino, type Logger } from 'pino';
import { createApp } from './api/app.js';
import type { AppDeps } from './api/deps.js';
import { createMetrics } from './api/metrics.js';
import { metricsAccess } from './api/metrics-access.js';
import { createCredentialStore } from './auth/credentials.js';
import { createEmailLinks } from './auth/email-links.js';
import { createRateLimit } from './auth/rate-limit.js';
import { hashPassword, needsRehash, verifyPassword } from './auth/passwords.js';
import { createCompanySignIn } from './auth/company-sign-in.js';
import { loadJwtSecret } from './auth/secret.js';
import { createLoginThrottle } from './auth/throttle.js';
import { createTokenService } from './auth/tokens.js';
import { createUserCache } from './auth/user-cache.js';
import { createInProcessBus } from './bus/in-process.js';
import { createDeferredBus } from './bus/deferred.js';
import { createNatsBus } from './bus/nats.js';
import type { Bus, Subscription } from './bus/types.js';
import { seedDemoData, type DemoAccount } from './cli/seed.js';
import { offsetClock, systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { migrateCore } from './db/migrations.js';
import { listenForAppends } from './db/notify.js';
import { createImageService } from './images/images.js';
import { createLiveFanout } from './live/fanout.js';
import { startImageSweeper } from './images/sweeper.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createLiveServer } from './live/live-server.js';
import { createCheckpointWatcher, createProjector } from './projector/projector.js';
import { createPushDispatcher } from './push/dispatcher.js';
import { webPushSender } from './push/sender.js';
import { createPushSubscriptions } from './push/subscriptions.js';
import { loadVapidKeys } from './push/vapid.js';
import { createRelay } from './relay/relay.js';
import { createEventStore } from './store/event-store.js';

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

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const READ_YOUR_WRITES_MS = 1000;

/**
 * Starts the parts of the system this process runs (ROLE): `all` is the
 * embedded default (api + relay + projector in one process).
 */
export async function startServer(
  config: Config,
  options: { logger?: Logger; clock?: Clock; mailer?: Mailer } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? pino({ level: config.LOG_LEVEL });
  const clock = options.clock ?? (config.FAKE_NOW ? offsetClock(new Date(config.FAKE_NOW)) : systemClock);
  const role = config.ROLE;
  const db = await openDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
  });
  await migrateCore(db);
  const store = createEventStore(db, { clock });
  const metrics = createMetrics();
  store.onAppended(() => metrics.eventsAppended.inc());

  const natsUrl = config.NATS_URL;
  const bus: Bus = natsUrl
    ? createDeferredBus(
        () =>
          createNatsBus({
            url: natsUrl,
            stream: config.NATS_STREAM,
            subjectPrefix: config.NATS_SUBJECT_PREFIX,
            logger,
          }),
        { logger },
      )
    : createInProcessBus();
  const closers: (() => Promise<unknown>)[] = [];
  const subscriptions: Subscription[] = [];

  const userEventTypes: ReadonlySet<string> = new Set(usersProjection.handles);
  const userCache = createUserCache((id) => getUser(db.knex, id));
  const projector = createProjector({
    db,
    store,
    projections: ALL_PROJECTIONS,
    timeZone: config.BUSINESS_TZ,
    logger,
    // After the commit, before any waiter wakes: a command that changed a user answers only once
    // the per-request check sees the change.
    onApplied: (events) => {
      if (events.some((e) => userEventTypes.has(e.type))) userCache.invalidate();
    },
  });
  await projector.migrate();
  const runsProjector = role === 'all' || role === 'projector';
  if (runsProjector) {
    await projector.catchUp();
    subscriptions.push(await bus.subscribe('projector', (e) => projector.follow(e.position), { durable: true }));
    // In this process the log itself says when it grew: projecting needs no detour through the relay and
    // the bus, which stay the path for other processes (and cover anything missed here).
    const unfollow = store.onAppended(
      (head) => void projector.follow(head).catch((err) => logger.warn({ err }, 'projector: follow failed')),
    );
    closers.push(async () => unfollow());
  }
  const checkpoints = createCheckpointWatcher(db);
  metrics.track({ projectionLag: async () => (await store.head()) - (await checkpoints.current()) });
  const watcher = runsProjector ? projector : checkpoints;

  if (role === 'all' || role === 'relay') {
    const relay = createRelay({ store, bus, db, logger });
    await relay.start();
    metrics.track({ relayLag: async () => (await store.head()) - relay.published() });
    closers.push(() => relay.stop());
    if (config.DATABASE_URL) {
      // Appends by other processes wake the relay at once instead of at its next poll.
      const listener = listenForAppends(config.DATABASE_URL, config.DATABASE_SCHEMA, () => relay.poke(), logger);
      closers.push(() => listener.close());
    }
  }

  let demoAccounts: DemoAccount[] = [];
  let server: http.Server | undefined;
  let url = '';
  if (role === 'all' || role === 'api') {
    const secret = await loadJwtSecret(config, db);
    const vapid = await loadVapidKeys(config, db);
    const tokens = createTokenService({
      db,
      secret,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
      sessionMaxSeconds: config.SESSION_MAX_SECONDS,
      isActive: async (id) => (await getUser(db.knex, id))?.isAvailable === true,
      clock,
    });
    const users = { get: (id: string) => getUser(db.knex, id), current: userCache.current };
    const images = createImageService({ db, dataDir: config.DATA_DIR, useDatabase: db.dialect === 'pg' });
    const sweeper = startImageSweeper({ images, db, clock, retentionHours: config.IMAGE_RETENTION_HOURS, logger });
    closers.push(async () => sweeper.stop());
    const deps: AppDeps = {
      config,
      clock,
      logger,
      db,
      store,
      waitFor: async (position) => {
        if (await watcher.waitFor(position, READ_YOUR_WRITES_MS)) return;
        // The bus is late (broker down or frozen): a process running the projector reads the log itself.
        if (runsProjector) await projector.catchUp();
      },
      passwords: {
        hash: hashPassword,
        verify: verifyPassword,
        needsRehash,
        dummyHash: await hashPassword('not a real password'),
      },
      tokens,
      credentials: createCredentialStore(db),
      // Per (account, address) it stops guessing; the per-account ceiling spares addresses that signed in before.
      throttle: createLoginThrottle({ db, clock, maxPerAccount: config.LOGIN_ACCOUNT_CEILING }),
      companySignIn: createCompanySignIn({ config, secret, clock }),
      mailer: options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }),
      emailLinks: createEmailLinks(db, clock),
      mailLimits: {
        perAddress: createRateLimit(db, { max: config.MAIL_REQUESTS_PER_ADDRESS, windowSeconds: 3600, clock }),
        perMailbox: createRateLimit(db, { max: 5, windowSeconds: 3600, clock }),
      },
      images,
      uploadLimit: createRateLimit(db, { max: config.UPLOADS_PER_USER_PER_DAY, windowSeconds: 24 * 3600, clock }),
      users,
      metrics,
      push: { publicKey: vapid.publicKey, subscriptions: createPushSubscriptions(db.knex, clock) },
      readiness: async () => {
        const head = await store.head();
        const position = await checkpoints.current();
        const lag = head - position;
        const caughtUp = lag <= 0 || (await watcher.waitFor(head, READ_YOUR_WRITES_MS));
        return { ready: caughtUp, detail: { head, projections: position } };
      },
    };
    if (config.DEMO_DATA) demoAccounts = await seedDemoData(deps);

    const app = createApp(deps, { webDir: WEB_DIR });
    app.on('error', (err: NodeJS.ErrnoException) => {
      // A client that goes away mid-response is not a server fault.
      if (['ERR_STREAM_PREMATURE_CLOSE', 'EPIPE', 'ECONNRESET'].includes(err.code ?? '')) return;
      logger.error({ err }, 'http error');
    });
    server = http.createServer(app.callback());
    server.requestTimeout = 30_000;
    const live = createLiveServer({
      server,
      authenticate: async (token) => {
        try {
          const { userId } = await tokens.verifyAccess(token);
          const user = await users.current(userId);
          return user && user.isAvailable ? { id: user.id, role: user.role } : null;
        } catch {
          return null;
        }
      },
      allowedOrigins: config.ALLOWED_ORIGINS,
      logger,
    });
    const fanout = createLiveFanout({
      live,
      getOrder: (id) => getOrder(db.knex, id),
      queueOf: (area, day) => queueOfDay(db.knex, area, day),
      waitFor: (p, ms) => watcher.waitFor(p, ms),
    });
    subscriptions.push(
      await bus.subscribe(
        `live-${process.pid}-${Date.now()}`,
        (e) => {
          if (e.type === 'UserRoleChanged' || e.type === 'UserAvailabilityChanged') {
            // Once the read model has the change, the user's sockets are checked against it.
            void watcher.waitFor(e.position, READ_YOUR_WRITES_MS).then(() => live.recheck(e.data.userId));
          }
          return fanout.handle(e);
        },
        { durable: false },
      ),
    );
    tokens.onRevoked((userId) => void live.recheck(userId));
    closers.push(() => live.close());
    metrics.track({ liveClients: () => live.clientCount() });

    // Every API process runs one; the lease lets one send at a time, the delivery claims keep each notice single.
    const pushDispatcher = createPushDispatcher({
      store,
      db,
      send: webPushSender(vapid),
      readModelsAt: () => checkpoints.current(),
      clock,
      logger,
    });
    await pushDispatcher.start();
    closers.push(() => pushDispatcher.stop());

    await new Promise<void>((resolve) => server!.listen(config.PORT, config.HOST, resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    url = `http://localhost:${port}`;
  }

  if (!server) {
    // Relay and projector processes answer health checks and metrics too.
    server = http.createServer(opsOnlyApp(metrics, metricsAccess(config)).callback());
    await new Promise<void>((resolve) => server!.listen(config.PORT, config.HOST, resolve));
    const address = server.address();
    url = `http://localhost:${typeof address === 'object' && address ? address.port : config.PORT}`;
  }

  let metricsPort: number | undefined;
  if (config.METRICS_PORT !== undefined) {
    const metricsServer = http.createServer(opsOnlyApp(metrics, () => 'ok').callback());
    await new Promise<void>((resolve) => metricsServer.listen(config.METRICS_PORT, config.HOST, resolve));
    const address = metricsServer.address();
    metricsPort = typeof address === 'object' && address ? address.port : config.METRICS_PORT;
    closers.push(() => new Promise<void>((resolve) => metricsServer.close(() => resolve())));
  }

  return {
    url,
    port: server ? Number(new URL(url).port) : 0,
    metricsPort,
    db,
    demoAccounts,
    logger,
    async close() {
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server!.close(() => resolve()));
      }
      for (const close of closers.reverse()) await close().catch((err) => logger.warn({ err }, 'close failed'));
      for (const s of subscriptions) await s.close().catch(() => undefined);
      await bus.close();
      await store.close();
      await db.close();
    },
  };
}

function opsOnlyApp(metrics: ReturnType<typeof createMetrics>, access: ReturnType<typeof metricsAccess>) {
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
