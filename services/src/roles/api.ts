import http from 'node:http';
import { decodeJwt } from 'jose';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getOrder, getUser, listOrders, queueOf, queuePlaceOf } from '@drinks/projections';
import type { EventStore } from '../store/types.js';
import { createApp } from '../api/app.js';
import type { AppDeps } from '../api/deps.js';
import { createCompanySignIn } from '../auth/company-sign-in.js';
import { createCredentialStore } from '../auth/credentials.js';
import { createEmailLinks } from '../auth/email-links.js';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/passwords.js';
import { createRateLimit } from '../auth/rate-limit.js';
import { mailRequestsPerAddress } from '../config.js';
import { loadJwtSecret } from '../auth/secret.js';
import { createLoginThrottle } from '../auth/throttle.js';
import { createTokenService, ForgedToken } from '../auth/tokens.js';
import { logSecurityEvent } from '../api/security-log.js';
import { resolveClientAddress } from '../api/middleware/client-address.js';
import { openDemoAccounts, seedDemoData, type DemoAccount } from '../cli/seed.js';
import { userInLog } from '../domain/index.js';
import { ReadModelsBehind } from '../errors.js';
import { createImageService } from '../images/images.js';
import { startImageSweeper } from '../images/sweeper.js';
import { createLiveFanout } from '../live/fanout.js';
import { createLiveServer } from '../live/live-server.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { createPushDispatcher } from '../push/dispatcher.js';
import { onlyToListed, pushEndpointRule } from '../push/endpoints.js';
import { webPushSender } from '../push/sender.js';
import { createPushSubscriptions } from '../push/subscriptions.js';
import { loadVapidKeys } from '../push/vapid.js';
import { listen, type ProcessParts } from './parts.js';
import { USER_EVENT_TYPES, type ReadSide } from './projection.js';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const READ_YOUR_WRITES_MS = 1000;
/**
 * How long a command answered from the read models waits for them where no projector runs in this process,
 * before it answers 503 READ_MODELS_BEHIND: a projector that lags this far is stopped or swamped.
 */
const COMMAND_WAIT_MS = 3000;

/**
 * The API role: the HTTP app and the web client on PORT, the live WebSocket, the push dispatcher and the
 * image sweeper, over the read side this process keeps or watches.
 */
export async function startApi(
  parts: ProcessParts,
  reads: ReadSide,
  options: { mailer?: Mailer | undefined } = {},
): Promise<{ server: http.Server; url: string; demoAccounts: DemoAccount[] }> {
  const { config, clock, logger, db, store, bus, metrics, closers, subscriptions } = parts;
  const { projector, userCache, watcher, checkpoints, runsProjector } = reads;
  const secret = await loadJwtSecret(config, db);
  const vapid = await loadVapidKeys(config, db);
  const pushAllowed = pushEndpointRule(config.PUSH_SERVICE_HOSTS);
  const tokens = createTokenService({
    db,
    secret,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    sessionMaxSeconds: config.SESSION_MAX_SECONDS,
    // From the log: a user disabled a moment ago may still be enabled in a lagging read model.
    isActive: async (id) => (await userInLog(store, id))?.isAvailable === true,
    clock,
  });
  // Where the projector runs, its commit clears the user cache before any command's wait ends. A process
  // that projects nothing clears it itself: for a user change it appended, once the read model has it and
  // before the command answers (so the caller's next request sees it); for other processes', on the bus.
  let ownUserChange = 0;
  const commandStore: EventStore = runsProjector
    ? store
    : {
        ...store,
        async append(events, options) {
          const result = await store.append(events, options);
          if (result.events.some((e) => USER_EVENT_TYPES.has(e.type)))
            ownUserChange = Math.max(ownUserChange, result.lastPosition);
          return result;
        },
      };
  /** Whether the read models reach `position` within `timeoutMs`. */
  async function readModelsReach(position: number, timeoutMs: number): Promise<boolean> {
    const reached =
      (await watcher.waitFor(position, timeoutMs)) ||
      // The bus is late (broker down or frozen): a process running the projector reads the log itself.
      (runsProjector && (await projector.catchUp()) >= position);
    if (reached && ownUserChange > 0 && ownUserChange <= position) {
      ownUserChange = 0;
      userCache.invalidate();
    }
    return reached;
  }
  const users = { get: (id: string) => getUser(db.knex, id), current: userCache.current };
  const images = createImageService({ db, dataDir: config.DATA_DIR, useDatabase: db.dialect === 'pg' });
  const sweeper = startImageSweeper({ images, db, clock, retentionHours: config.IMAGE_RETENTION_HOURS, logger });
  closers.push(async () => sweeper.stop());
  const deps: AppDeps = {
    config,
    clock,
    logger,
    db,
    store: commandStore,
    waitFor: async (position) => void (await readModelsReach(position, READ_YOUR_WRITES_MS)),
    readYourWrites: async (position) => {
      // A process running the projector catches up itself after a second; one that does not can only wait.
      if (!(await readModelsReach(position, runsProjector ? READ_YOUR_WRITES_MS : COMMAND_WAIT_MS)))
        throw new ReadModelsBehind(position);
    },
    readPosition: reads.readPosition,
    passwords: {
      hash: hashPassword,
      verify: verifyPassword,
      needsRehash,
      dummyHash: await dummyPasswordHash(),
    },
    tokens,
    credentials: createCredentialStore(db),
    // Per (account, address) it stops guessing; the per-account ceiling spares addresses that signed in before.
    throttle: createLoginThrottle({ db, clock, maxPerAccount: config.LOGIN_ACCOUNT_CEILING }),
    companySignIn: createCompanySignIn({ config, secret, clock }),
    mailer: options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }),
    emailLinks: createEmailLinks(db, clock),
    mailLimits: {
      perAddress: createRateLimit(db, { max: mailRequestsPerAddress(config), windowSeconds: 3600, clock }),
      perMailbox: createRateLimit(db, { max: 5, windowSeconds: 3600, clock }),
    },
    images,
    uploadLimit: createRateLimit(db, { max: config.UPLOADS_PER_USER_PER_DAY, windowSeconds: 24 * 3600, clock }),
    users,
    metrics,
    push: {
      publicKey: vapid.publicKey,
      subscriptions: createPushSubscriptions(db.knex, clock),
      endpointAllowed: pushAllowed,
    },
    readiness: async () => {
      const head = await store.head();
      const position = await checkpoints.current();
      const lag = head - position;
      const caughtUp = lag <= 0 || (await watcher.waitFor(head, READ_YOUR_WRITES_MS));
      return { ready: caughtUp, detail: { head, projections: position } };
    },
  };
  const demoAccounts = config.DEMO_DATA ? await seedDemoData(deps) : await openDemoAccounts(deps);
  // Started for real over a database that was once a demo: anyone who read the README can sign in to these.
  if (!config.DEMO_DATA && demoAccounts.length > 0)
    logSecurityEvent(logger, 'demo-accounts-open', { accounts: demoAccounts.map((a) => a.email) });

  const app = createApp(deps, { webDir: config.WEB_DIR ?? WEB_DIR });
  app.on('error', (err: NodeJS.ErrnoException) => {
    // A client that goes away mid-response is not a server fault.
    if (['ERR_STREAM_PREMATURE_CLOSE', 'EPIPE', 'ECONNRESET'].includes(err.code ?? '')) return;
    logger.error({ err }, 'http error');
  });
  const server = http.createServer(app.callback());
  server.requestTimeout = 30_000;
  const live = createLiveServer({
    server,
    clientAddressOf: (req) =>
      resolveClientAddress(
        req.socket.remoteAddress ?? '',
        req.headers['x-forwarded-for']?.toString(),
        config.TRUST_PROXY,
      ),
    authenticate: async (token, address) => {
      try {
        const { userId } = await tokens.verifyAccess(token);
        const user = await users.current(userId);
        if (!user?.isAvailable) return null;
        const { exp } = decodeJwt(token); // verified above
        return { id: user.id, role: user.role, validForMs: (exp ?? 0) * 1000 - clock().getTime() };
      } catch (err) {
        if (err instanceof ForgedToken) logSecurityEvent(logger, 'access-token-forged', { via: 'websocket', address });
        return null;
      }
    },
    allowedOrigins: config.ALLOWED_ORIGINS,
    maxSocketsPerUser: config.LIVE_SOCKETS_PER_USER,
    logger,
  });
  const fanout = createLiveFanout({
    live,
    getOrder: (id) => getOrder(db.knex, id),
    queueOf: (area) => queueOf(db.knex, area),
    placeOf: (id) => queuePlaceOf(db.knex, id),
    openOrdersOf: (userId) =>
      listOrders(db.knex, { userId, statuses: ['ordered', 'in-progress', 'done'], sort: 'orderDate' }),
    waitFor: (p, ms) => watcher.waitFor(p, ms),
  });
  subscriptions.push(
    await bus.subscribe(
      `live-${process.pid}-${Date.now()}`,
      (e) => {
        if (USER_EVENT_TYPES.has(e.type)) {
          // Once the read model has the change, the user's sockets are checked against it: through a cache
          // that forgets first where no projector runs to clear it (a demoted barista's socket on another API
          // process went on receiving everyone's orders until the 25 s heartbeat).
          // Where a projector runs, it may not be the one that applied this event (two ROLE=all processes):
          // the cache forgets here too, whoever applied it.
          void watcher.waitFor(e.position, READ_YOUR_WRITES_MS).then(() => {
            userCache.invalidate();
            if (e.type === 'UserRoleChanged' || e.type === 'UserAvailabilityChanged')
              return live.recheck(e.data.userId);
          });
        }
        return fanout.handle(e);
      },
      { durable: false },
    ),
  );
  tokens.onRevoked((userId) => void live.recheck(userId));
  const stopWatchingRevocations = tokens.watchRevocations();
  closers.push(async () => stopWatchingRevocations());
  closers.push(() => live.close());
  metrics.track({ liveClients: () => live.clientCount() });

  // Every API process runs one; the lease lets one send at a time, the delivery claims keep each notice single.
  const pushDispatcher = createPushDispatcher({
    store,
    db,
    send: onlyToListed(pushAllowed, webPushSender(vapid)),
    readModelsAt: () => checkpoints.current(),
    clock,
    logger,
  });
  await pushDispatcher.start();
  closers.push(() => pushDispatcher.stop());

  const url = await listen(server, config);
  return { server, url, demoAccounts };
}
