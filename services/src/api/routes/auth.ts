import { createHash, randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { LoginBody, LogoutBody, RefreshBody, RegisterBody, RenameBody, type User } from '@drinks/contracts';
import { refuseWeakPassword } from '../../auth/password-policy.js';
import { RefreshTokenReused } from '../../auth/tokens.js';
import { registerUser, renameUser, userInLog } from '../../domain/index.js';
import { mailboxUnderRules, strictAccounts } from '../../config.js';
import {
  AppError,
  ForbiddenError,
  RuleViolation,
  TooManyAttemptsError,
  UnauthorizedError,
  ValidationError,
} from '../../errors.js';
import type { AppDeps } from '../deps.js';
import { type AppState, currentUser, signedIn } from '../middleware/auth.js';
import { parse, pathParam } from '../parse.js';
import { logSecurityEvent } from '../security-log.js';
import { commandMetadata, scopedIdempotencyKey } from './command-metadata.js';
import { refusePasswordSignIn } from './company-sign-in.js';
import {
  appUrl,
  limitMailRequest,
  mailInBackground,
  type MailboxRouteDeps,
  takenMailboxNotice,
  verificationMail,
} from './mailbox.js';

/** What the auth routes use of the app's ports. */
export type AuthRouteDeps = MailboxRouteDeps & Pick<AppDeps, 'push' | 'readYourWrites'>;

/** A UUID (version 4's layout) made from a key: the same key, the same id. */
function uuidFromKey(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function authRoutes(deps: AuthRouteDeps) {
  const router = new Router<AppState>({ prefix: '/api' });
  const domain = deps.config.COMPANY_EMAIL_DOMAIN.toLowerCase();

  router.post('/auth/register', async (ctx) => {
    refusePasswordSignIn(deps);
    const body = parse(RegisterBody, ctx.request.body);
    if (!body.email.endsWith(`@${domain}`)) {
      throw new ValidationError(`only accept @${domain}`, [{ path: 'email', message: `only accept @${domain}` }]);
    }
    refuseWeakPassword(body.password, 'password', deps.config, body.email);
    const idempotencyKey = scopedIdempotencyKey(ctx);
    // A repeat of a registration that went through is its first answer again, not another request to limit.
    const repeated = await registeredUnderKey(idempotencyKey);
    if (repeated) {
      ctx.status = 201;
      ctx.body = repeated;
      return;
    }
    // Under the contract rules a taken address is answered 409 at once: no mail goes out, so it is not
    // counted (five refused tries blocked that address's next registration with 429 instead of 409).
    if (!strictAccounts(deps.config) && (await deps.credentials.findByEmail(body.email)))
      throw new RuleViolation('EMAIL_TAKEN');
    // Nor is the mailbox's count taken there: of registrations racing for a new address only the one that
    // creates the account mails it, the others are 409; counted, the sixth racer was answered 429.
    const refund = await limitMailRequest(deps, ctx, body.email, 'verify', strictAccounts(deps.config));
    const name = body.name.trim();
    const userId = randomUUID();
    const passwordHash = await deps.passwords.hash(body.password);
    let registered: Awaited<ReturnType<typeof registerUser>>;
    try {
      registered = await createAccount(ctx, { userId, email: body.email, name, passwordHash });
    } catch (err) {
      const taken = err instanceof AppError && err.code === 'EMAIL_TAKEN';
      // A repeat that raced this registration (its Idempotency-Key, bound to this body) answers the first answer.
      const first = taken ? await registeredUnderKey(idempotencyKey) : null;
      if (first) {
        ctx.status = 201;
        ctx.body = first;
        return;
      }
      if (!taken || !strictAccounts(deps.config)) {
        // Nothing was sent: a registration that lost a race for the address is not one of its mail requests.
        await refund();
        throw err;
      }
      // The strict rules answer a taken mailbox as a new one, so registration cannot tell who has an
      // account; the mailbox's owner hears of it instead. (API.md's 409 stays for the contract rules.)
      logSecurityEvent(deps.logger, 'registration-for-taken-mailbox', { account: body.email, address: ctx.ip });
      mailInBackground(deps, takenMailboxNotice(appUrl(deps, ctx), body.email), 'taken-mailbox notice', refund);
      ctx.status = 201;
      // A repeat with the same key must answer the same id, as it would for a new account.
      ctx.body = newAccount(idempotencyKey ? uuidFromKey(idempotencyKey) : userId, body.email, name);
      return;
    }
    // The link is recorded before the answer; the mail leaves after it, as the notice above does. Both follow
    // from the registration itself, so a read model that lags (a 503 below) does not hold the mail back.
    const account = newAccount(registered.userId, body.email, name);
    const mail = await verificationMail(deps, ctx, account).catch((err: unknown) => {
      deps.logger.error({ err }, 'verification link failed: the user can ask again');
      return null;
    });
    if (mail) mailInBackground(deps, mail, 'verification mail', refund);
    await deps.readYourWrites(registered.lastPosition);
    ctx.status = 201;
    ctx.body = (await deps.users.get(registered.userId)) ?? account;
  });

  /** A new account as a registration creates it. */
  const newAccount = (id: string, email: string, name: string): User => ({
    id,
    email,
    name,
    role: 'user',
    isAvailable: true,
    emailVerified: false,
  });

  /** The account a registration with this request's Idempotency-Key created, if one did. */
  const registeredUnderKey = async (key: string | undefined): Promise<User | null> => {
    const first = key === undefined ? null : await deps.store.recall(key);
    if (!first || !('appended' in first)) return null;
    const registered = first.appended.events.find((e) => e.type === 'UserRegistered');
    if (!registered) return null;
    await deps.readYourWrites(first.appended.lastPosition);
    return deps.users.get((registered.data as { userId: string }).userId);
  };

  /**
   * Credentials then the UserRegistered event; a refusal of either leaves no credentials behind. Once the
   * event is appended the account exists, whether the read models show it yet or not.
   */
  const createAccount = async (
    ctx: Context,
    account: { userId: string; email: string; name: string; passwordHash: string },
  ) => {
    const { userId, email, name } = account;
    await deps.credentials.create(userId, email, account.passwordHash);
    try {
      // ADMIN_EMAILS applies once the mailbox is proven (mailbox.ts), never to whoever registers first.
      // The key scoped as the middleware bound it (by whoever calls, usually no one), the new user as actor.
      return await registerUser(
        deps.store,
        {
          userId,
          email,
          name,
          role: 'user',
          verificationRequired: true,
          mailbox: mailboxUnderRules(deps.config, email),
        },
        { ...commandMetadata(ctx), actor: userId },
      );
    } catch (err) {
      await deps.credentials.remove(userId);
      throw err;
    }
  };

  router.post('/auth/v2/login', async (ctx) => {
    refusePasswordSignIn(deps);
    // API.md: any failure of a sign-in is 401 INVALID_CREDENTIALS, a missing or mistyped field included.
    const parsed = LoginBody.safeParse(ctx.request.body ?? {});
    const requestId = ctx.state.requestId;
    if (!parsed.success) {
      logSecurityEvent(deps.logger, 'login-failed', { address: ctx.ip, requestId, reason: 'malformed' });
      throw new UnauthorizedError('Email or Password incorrect.', 'INVALID_CREDENTIALS');
    }
    const body = parsed.data;
    const attempt = await reserveLogin(deps, body.email, ctx.ip, requestId);
    const credential = await deps.credentials.findByEmail(body.email);
    // An unknown email still pays for one hash verification, so both failures take as long.
    const ok = await deps.passwords.verify(body.password, credential?.passwordHash ?? deps.passwords.dummyHash);
    // From the log, not the users read model: an account disabled a moment ago may still show enabled there.
    const user = ok && credential ? await userInLog(deps.store, credential.userId) : null;
    if (!user || !user.isAvailable) {
      // The right password of a disabled account is no guess: it is not counted towards a lockout.
      if (user) await attempt.succeeded();
      else await attempt.failed();
      const reason = user ? 'account-disabled' : 'wrong-credentials';
      logSecurityEvent(deps.logger, 'login-failed', { account: body.email, address: ctx.ip, requestId, reason });
      throw new UnauthorizedError('Email or Password incorrect.', 'INVALID_CREDENTIALS');
    }
    await attempt.succeeded();
    if (credential && deps.passwords.needsRehash(credential.passwordHash)) {
      await deps.credentials.updateHash(credential.userId, await deps.passwords.hash(body.password));
    }
    ctx.body = await deps.tokens.issue(user.userId);
  });

  router.post('/auth/refresh-token', async (ctx) => {
    const body = parse(RefreshBody, ctx.request.body);
    // The key makes a retry whose answer was lost get the same pair; without one, a second use signs out.
    try {
      ctx.body = await deps.tokens.rotate(body.refreshToken, scopedIdempotencyKey(ctx));
    } catch (err) {
      // The first sign of a stolen token: one of the two holders is not the person.
      if (err instanceof RefreshTokenReused) {
        const account = (await deps.users.get(err.userId).catch(() => null))?.email;
        logSecurityEvent(deps.logger, 'refresh-token-reused', {
          userId: err.userId,
          account,
          address: ctx.ip,
          requestId: ctx.state.requestId,
        });
      }
      throw err;
    }
  });

  router.get('/user/me', signedIn, (ctx) => {
    ctx.body = currentUser(ctx);
  });

  router.patch('/user', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const body = parse(RenameBody, ctx.request.body);
    const result = await renameUser(deps.store, { userId: user.id, name: body.name.trim() }, commandMetadata(ctx));
    await deps.readYourWrites(result.lastPosition);
    ctx.body = await deps.users.get(user.id);
  });

  router.put('/user/:id/push/disable', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    parse(LogoutBody, ctx.request.body);
    if (pathParam(ctx) !== user.id) throw new ForbiddenError('You can only sign yourself out.');
    await deps.tokens.revokeAll(user.id);
    // Signed out on every device: a phone handed to someone else must not keep announcing this person's drinks.
    await deps.push.subscriptions.removeAllOf(user.id);
    logSecurityEvent(deps.logger, 'logged-out', { account: user.email, address: ctx.ip });
    ctx.status = 204;
  });

  return router;
}

async function reserveLogin(
  deps: Pick<AppDeps, 'logger' | 'throttle'>,
  email: string,
  address: string,
  requestId: string,
) {
  try {
    return await deps.throttle.reserve(email, address);
  } catch (err) {
    if (err instanceof TooManyAttemptsError) {
      logSecurityEvent(deps.logger, 'login-throttled', { account: email, address, requestId });
    }
    throw err;
  }
}
