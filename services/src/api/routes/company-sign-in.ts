import { randomBytes, randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { LIMITS, PersonName, type User } from '@drinks/contracts';
import { findUserByMailbox } from '@drinks/projections';
import {
  CompanySignInRefused,
  HANDOFF_COOKIE,
  HANDOFF_COOKIE_SECONDS,
  LOGIN_COOKIE,
  LOGIN_COOKIE_SECONDS,
  type CompanyIdentity,
} from '../../auth/company-sign-in.js';
import { handleOwnUserCommand, registerUser } from '../../domain/index.js';
import { AppError, NotFoundError, UnauthorizedError } from '../../errors.js';
import type { AppDeps } from '../deps.js';
import type { AppState } from '../middleware/auth.js';
import { logSecurityEvent } from '../security-log.js';
import { commandMetadata } from './command-metadata.js';

const COOKIE_PATH = '/api/auth/oidc';

/** Password login, registration and reset answer this when OIDC_ONLY is on. */
export function refusePasswordSignIn(deps: Pick<AppDeps, 'config'>): void {
  if (deps.config.OIDC_ONLY) throw new AppError(403, 'PASSWORD_SIGN_IN_OFF');
}

/** What the companySignIn routes use of the app's ports. */
export type CompanySignInRouteDeps = Pick<
  AppDeps,
  | 'companySignIn'
  | 'config'
  | 'credentials'
  | 'db'
  | 'logger'
  | 'passwords'
  | 'push'
  | 'store'
  | 'tokens'
  | 'users'
  | 'waitFor'
>;

/**
 * GET start → the provider → GET callback (checks, finds or creates the user) → /login?sso=done, whose page
 * POSTs session to get the app's own tokens, exactly as a password login returns them.
 */
export function companySignInRoutes(deps: CompanySignInRouteDeps) {
  const router = new Router<AppState>({ prefix: '/api' });
  const signIn = () => {
    if (!deps.companySignIn) throw new NotFoundError('Company sign-in is not configured here.');
    return deps.companySignIn;
  };
  const cookie = (ctx: Context, name: string, value: string | null, seconds: number, sameSite: 'lax' | 'strict') =>
    ctx.cookies.set(name, value, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite,
      secure: ctx.protocol === 'https',
      maxAge: value === null ? 0 : seconds * 1000,
      overwrite: true,
    });

  router.get('/auth/oidc/start', async (ctx) => {
    const provider = signIn();
    try {
      const { url, cookie: value } = await provider.start();
      // Lax: the provider's redirect back is a top-level GET from another site.
      cookie(ctx, LOGIN_COOKIE, value, LOGIN_COOKIE_SECONDS, 'lax');
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(url);
    } catch (err) {
      refused(ctx, err);
    }
  });

  router.get('/auth/oidc/callback', async (ctx) => {
    const provider = signIn();
    ctx.set('Cache-Control', 'no-store');
    try {
      const identity = await provider.finish(ctx.querystring, ctx.cookies.get(LOGIN_COOKIE));
      const user = await companyUser(deps, ctx, identity);
      cookie(ctx, LOGIN_COOKIE, null, 0, 'lax');
      cookie(ctx, HANDOFF_COOKIE, await provider.handoff(user.id), HANDOFF_COOKIE_SECONDS, 'strict');
      logSecurityEvent(deps.logger, 'company-sign-in', { account: user.email, address: ctx.ip });
      ctx.redirect('/login?sso=done');
    } catch (err) {
      cookie(ctx, LOGIN_COOKIE, null, 0, 'lax');
      refused(ctx, err);
    }
  });

  router.post('/auth/oidc/session', async (ctx) => {
    const provider = signIn();
    const userId = await provider.takeHandoff(ctx.cookies.get(HANDOFF_COOKIE));
    cookie(ctx, HANDOFF_COOKIE, null, 0, 'strict');
    const user = userId ? await deps.users.get(userId) : null;
    if (!user?.isAvailable) throw new UnauthorizedError('No company sign-in to complete: sign in again.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.tokens.issue(user.id);
  });

  function refused(ctx: Context, err: unknown): void {
    if (!(err instanceof CompanySignInRefused)) throw err;
    logSecurityEvent(deps.logger, 'company-sign-in-refused', {
      account: err.email,
      address: ctx.ip,
      reason: err.reason,
      detail: err.message,
    });
    ctx.redirect(`/login?sso_error=${err.reason}`);
  }

  return router;
}

/** The account of this company mailbox: created on first sign-in; the provider has proven the mailbox. */
async function companyUser(
  deps: Pick<
    AppDeps,
    'config' | 'credentials' | 'db' | 'logger' | 'passwords' | 'push' | 'store' | 'tokens' | 'users' | 'waitFor'
  >,
  ctx: Context,
  identity: CompanyIdentity,
): Promise<User> {
  const promote = deps.config.ADMIN_EMAILS.includes(identity.email);
  // The account of this mailbox under any spelling: a password account registered as user+x@ is user@'s.
  const existing = await findUserByMailbox(deps.db.knex, identity.email);
  if (existing) {
    if (!existing.isAvailable) {
      throw new CompanySignInRefused('disabled', 'the account is disabled', identity.email);
    }
    const who = { account: existing.email, address: ctx.ip, requestId: ctx.state.requestId };
    if (!existing.emailVerified) {
      // Whoever registered this spelling never proved the mailbox the company just proved (anyone may register
      // boss+x@ and wait for boss): the password they chose, their sessions and their phones' pushes end
      // here, before the account becomes the mailbox owner's, admin included. The owner can set a password
      // by a reset link.
      await deps.credentials.updateHash(existing.id, await deps.passwords.hash(randomBytes(32).toString('hex')));
      await deps.tokens.revokeAll(existing.id);
      await deps.push.subscriptions.removeAllOf(existing.id);
      logSecurityEvent(deps.logger, 'account-claimed', { ...who, mailbox: identity.email });
    }
    const result = await handleOwnUserCommand(
      deps.store,
      { type: 'VerifyUserEmail', userId: existing.id, promote, ownerName: ownerName(identity) },
      commandMetadata(ctx, existing.id),
    );
    await deps.waitFor(result.lastPosition);
    if (!existing.emailVerified) logSecurityEvent(deps.logger, 'email-verified', { ...who, promote });
    if (promote && existing.role !== 'admin')
      logSecurityEvent(deps.logger, 'role-changed', { ...who, from: existing.role, to: 'admin' });
    return existing;
  }
  const userId = randomUUID();
  // No password: the company account signs in. A reset link (to this proven mailbox) can still set one.
  await deps.credentials.create(userId, identity.email, await deps.passwords.hash(randomBytes(32).toString('hex')));
  try {
    const result = await registerUser(
      deps.store,
      { userId, email: identity.email, name: ownerName(identity), role: promote ? 'admin' : 'user' },
      commandMetadata(ctx, userId),
    );
    await deps.waitFor(result.lastPosition);
  } catch (err) {
    await deps.credentials.remove(userId);
    throw err instanceof AppError ? new CompanySignInRefused('failed', err.message, identity.email) : err;
  }
  const user = await deps.users.get(userId);
  if (!user) throw new CompanySignInRefused('failed', 'the new account was not found', identity.email);
  return user;
}

/** The name the company gives the mailbox's owner, as a name the app takes. */
function ownerName(identity: CompanyIdentity): string {
  return (PersonName.safeParse(identity.name.slice(0, LIMITS.personName)).data ?? 'Colleague').trim();
}
