import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { LoginBody, LogoutBody, RefreshBody, RegisterBody, RenameBody } from '@drinks/contracts';
import { refuseWeakPassword } from '../../auth/password-policy.js';
import { registerUser, renameUser } from '../../domain/index.js';
import { ForbiddenError, TooManyAttemptsError, UnauthorizedError, ValidationError } from '../../errors.js';
import type { AppDeps } from '../deps.js';
import { type AppState, currentUser, signedIn } from '../middleware/auth.js';
import { parse, pathParam } from '../parse.js';
import { logSecurityEvent } from '../security-log.js';
import { commandMetadata } from './command-metadata.js';
import { refusePasswordSignIn } from './company-sign-in.js';
import { limitMailRequest, sendVerificationLink } from './mailbox.js';

/** What the auth routes use of the app's ports. */
export type AuthRouteDeps = Pick<
  AppDeps,
  | 'config'
  | 'credentials'
  | 'emailLinks'
  | 'logger'
  | 'mailLimits'
  | 'mailer'
  | 'passwords'
  | 'push'
  | 'store'
  | 'throttle'
  | 'tokens'
  | 'users'
  | 'waitFor'
>;

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
    await limitMailRequest(deps, ctx, body.email);
    const userId = randomUUID();
    const passwordHash = await deps.passwords.hash(body.password);
    await deps.credentials.create(userId, body.email, passwordHash);
    try {
      // ADMIN_EMAILS applies once the mailbox is proven (mailbox.ts), never to whoever registers first.
      const result = await registerUser(
        deps.store,
        { userId, email: body.email, name: body.name.trim(), role: 'user', verificationRequired: true },
        commandMetadata(ctx, userId),
      );
      await deps.waitFor(result.lastPosition);
    } catch (err) {
      await deps.credentials.remove(userId);
      throw err;
    }
    const user = await deps.users.get(userId);
    if (user) {
      await sendVerificationLink(deps, ctx, user).catch((err: unknown) =>
        deps.logger.error({ err }, 'verification mail failed: the user can ask again'),
      );
    }
    ctx.status = 201;
    ctx.body = user;
  });

  router.post('/auth/v2/login', async (ctx) => {
    refusePasswordSignIn(deps);
    const body = parse(LoginBody, ctx.request.body);
    const attempt = await reserveLogin(deps, body.email, ctx.ip, ctx.state.requestId);
    const credential = await deps.credentials.findByEmail(body.email);
    // An unknown email still pays for one hash verification, so both failures take as long.
    const ok = await deps.passwords.verify(body.password, credential?.passwordHash ?? deps.passwords.dummyHash);
    const user = ok && credential ? await deps.users.get(credential.userId) : null;
    if (!user || !user.isAvailable) {
      await attempt.failed();
      logSecurityEvent(deps.logger, 'login-failed', { account: body.email, address: ctx.ip });
      throw new UnauthorizedError('Email or Password incorrect.', 'INVALID_CREDENTIALS');
    }
    await attempt.succeeded();
    if (credential && deps.passwords.needsRehash(credential.passwordHash)) {
      await deps.credentials.updateHash(credential.userId, await deps.passwords.hash(body.password));
    }
    ctx.body = await deps.tokens.issue(user.id);
  });

  router.post('/auth/refresh-token', async (ctx) => {
    const body = parse(RefreshBody, ctx.request.body);
    ctx.body = await deps.tokens.rotate(body.refreshToken);
  });

  router.get('/user/me', signedIn, (ctx) => {
    ctx.body = currentUser(ctx);
  });

  router.patch('/user', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const body = parse(RenameBody, ctx.request.body);
    const result = await renameUser(deps.store, { userId: user.id, name: body.name.trim() }, commandMetadata(ctx));
    await deps.waitFor(result.lastPosition);
    ctx.body = await deps.users.get(user.id);
  });

  router.put('/user/:id/push/disable', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    parse(LogoutBody, ctx.request.body);
    if (pathParam(ctx) !== user.id) throw new ForbiddenError('You can only sign yourself out.');
    await deps.tokens.revokeAll(user.id);
    // Signed out on every device: a phone handed to someone else must not keep announcing this person's drinks.
    await deps.push.subscriptions.removeAllOf(user.id);
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
