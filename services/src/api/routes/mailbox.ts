import { isIP } from 'node:net';
import Router from '@koa/router';
import type { Context } from 'koa';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  ResetPasswordBody,
  VerifyEmailBody,
  type User,
} from '@drinks/contracts';
import { refuseWeakPassword } from '../../auth/password-policy.js';
import { mailboxUnderRules } from '../../config.js';
import type { Mail } from '../../mail/mailer.js';
import { handleOwnUserCommand } from '../../domain/index.js';
import { AppError, ValidationError } from '../../errors.js';
import type { AppDeps } from '../deps.js';
import { type AppState, currentUser, signedIn } from '../middleware/auth.js';
import { parse } from '../parse.js';
import { logSecurityEvent } from '../security-log.js';
import { commandMetadata } from './command-metadata.js';
import { refusePasswordSignIn } from './company-sign-in.js';

const invalidLink = () => new AppError(400, 'INVALID_LINK');

/**
 * A sign-out refuses tokens issued up to its millisecond (tokens.ts): answering once that millisecond has
 * passed lets the next sign-in (or the pair this call hands out) be valid at once.
 */
async function revokeSessions(deps: Pick<AppDeps, 'tokens'>, userId: string): Promise<void> {
  await deps.tokens.revokeAll(userId);
  await new Promise((resolve) => setTimeout(resolve, 2));
}

/**
 * Where links point: APP_URL, else (no SMTP_URL: links are only printed in the log) this server's own address
 * as the request reached it. Never the request's Host header: its sender writes it, and a reset link built
 * from it would carry a valid token to the sender's server.
 */
export function appUrl(deps: Pick<AppDeps, 'config'>, ctx: Context): string {
  if (deps.config.APP_URL) return deps.config.APP_URL;
  const { localAddress = '127.0.0.1', localPort } = ctx.req.socket;
  const address = localAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  return `http://${isIP(address) === 6 ? `[${address}]` : address}:${localPort}`;
}

/**
 * Counts a request that mails the mailbox it names against the client's address and that mailbox, one
 * count per purpose: registrations (and their notices) once filled the same count as resets, so five
 * registrations of someone's address by anyone kept its owner from resetting a password for an hour.
 * Resolves to the refund of both counts, for a mail that did not go out. `perMailbox` false counts the
 * address only.
 */
export async function limitMailRequest(
  deps: Pick<AppDeps, 'config' | 'logger' | 'mailLimits'>,
  ctx: Context,
  email: string,
  purpose: 'verify' | 'reset',
  perMailbox = true,
): Promise<Refund> {
  try {
    const address = await deps.mailLimits.perAddress.hit([`mail:address:${ctx.ip}`]);
    const mailbox = !perMailbox
      ? async () => {}
      : await deps.mailLimits.perMailbox
          .hit([`mail:mailbox:${purpose}:${mailboxUnderRules(deps.config, email)}`])
          .catch(async (err: unknown) => {
            await address();
            throw err;
          });
    return async () => {
      await address();
      await mailbox();
    };
  } catch (err) {
    logSecurityEvent(deps.logger, 'registration-throttled', {
      account: email,
      address: ctx.ip,
      path: ctx.path,
      purpose,
    });
    throw err;
  }
}

const isAdminAddress = (config: MailboxRouteDeps['config'], email: string) =>
  config.ADMIN_EMAILS.includes(email.toLowerCase());

/** The mail that proves a mailbox: its link opens /verify-email with a fresh single-use token. */
export async function verificationMail(
  deps: Pick<AppDeps, 'config' | 'emailLinks'>,
  ctx: Context,
  user: User,
): Promise<Mail> {
  const token = await deps.emailLinks.issue(user.id, 'verify-email');
  const link = `${appUrl(deps, ctx)}/verify-email?token=${token}`;
  return {
    to: user.email,
    subject: 'Confirm your email',
    // Not the name typed at registration: anyone may register another's mailbox, and the name would be
    // mailed to its owner as the app's own words.
    text: `Hello,\n\nOpen this link within 24 hours to confirm your email and start ordering:\n${link}\n\nIf you did not create this account, ignore this mail.\n`,
    link,
  };
}

/** What the owner of a mailbox gets when someone registers it again (strict rules). */
export function takenMailboxNotice(origin: string, email: string): Mail {
  const link = `${origin}/login`;
  return {
    to: email,
    subject: 'You already have an account',
    text: `Hello,\n\nSomeone, perhaps you, tried to create an account with this address, which already has one. Sign in here, or choose "Forgot password" there if you need a new one:\n${link}\n\nIf it was not you, ignore this mail: nothing has changed.\n`,
    link,
  };
}

/** Takes back the counts of a mail request whose mail did not go out. */
export type Refund = () => Promise<void>;

/**
 * Sends without holding the answer: an address with an account must not answer slower than one
 * without. A failure is logged and its request's counts refunded: with the mail server down, each try
 * counted and the person was told 'Too many attempts' for an hour once it was back.
 */
export function mailInBackground(
  deps: Pick<AppDeps, 'logger' | 'mailer'>,
  mail: Mail,
  what: string,
  refund?: Refund,
): void {
  deps.mailer.send(mail).catch(async (err: unknown) => {
    await refund?.().catch((e: unknown) => deps.logger.error({ err: e }, `${what}: refund failed`));
    deps.logger.error({ err }, `${what} failed`);
  });
}

/** What the mailbox routes use of the app's ports. */
export type MailboxRouteDeps = Pick<
  AppDeps,
  | 'clock'
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

/** The mailbox proof and the password calls; registration itself stays in auth.ts. */
export function mailboxRoutes(deps: MailboxRouteDeps) {
  const router = new Router<AppState>({ prefix: '/api' });

  const verify = async (ctx: Context, userId: string) => {
    const user = await deps.users.get(userId);
    if (!user) throw invalidLink();
    const promote = isAdminAddress(deps.config, user.email);
    const metadata = commandMetadata(ctx, userId);
    // The proof has a key of its own, derived from the call's: a reset runs ChangePassword first under the
    // call's key, and a second command under that key recalled the first one's events as its answer (the
    // mailbox stayed unproven). No scoped key starts so: they start with the actor.
    const key = metadata.idempotencyKey;
    const result = await handleOwnUserCommand(
      deps.store,
      { type: 'VerifyUserEmail', userId, promote },
      key ? { ...metadata, idempotencyKey: `verify-email:${key}` } : metadata,
    );
    await deps.waitFor(result.lastPosition);
    if (result.events.length > 0)
      logSecurityEvent(deps.logger, 'email-verified', { account: user.email, address: ctx.ip, promote });
  };

  router.post('/auth/verify-email', async (ctx) => {
    const body = parse(VerifyEmailBody, ctx.request.body);
    const linked = await deps.emailLinks.peek(body.token, 'verify-email');
    const user = linked ? await deps.users.get(linked) : null;
    if (!user) throw invalidLink();
    // Whoever registered an admin address chose its password, and the mailbox's owner opens the link: it
    // promotes only when one person holds both, signed in as the account. The link stays open for that.
    if (isAdminAddress(deps.config, user.email) && ctx.state.user?.id !== user.id) {
      throw new AppError(403, 'SIGN_IN_TO_CONFIRM');
    }
    if ((await deps.emailLinks.consume(body.token, 'verify-email')) !== user.id) throw invalidLink();
    await verify(ctx, user.id);
    ctx.body = await deps.users.get(user.id);
  });

  router.post('/auth/verify-email/resend', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    if (!user.emailVerified) {
      const refund = await limitMailRequest(deps, ctx, user.email, 'verify');
      try {
        await deps.mailer.send(await verificationMail(deps, ctx, user));
      } catch (err) {
        await refund();
        throw err;
      }
    }
    ctx.status = 204;
  });

  router.post('/auth/forgot-password', async (ctx) => {
    refusePasswordSignIn(deps);
    const body = parse(ForgotPasswordBody, ctx.request.body);
    const refund = await limitMailRequest(deps, ctx, body.email, 'reset');
    const credential = await deps.credentials.findByEmail(body.email);
    const user = credential ? await deps.users.get(credential.userId) : null;
    if (user?.isAvailable) {
      const token = await deps.emailLinks.issue(user.id, 'reset-password');
      const link = `${appUrl(deps, ctx)}/reset-password?token=${token}`;
      mailInBackground(
        deps,
        {
          to: user.email,
          subject: 'Reset your password',
          // Not the name typed at registration: anyone may register another's mailbox, and the name would be
          // mailed to its owner as the app's own words.
          text: `Hello,\n\nOpen this link within an hour to choose a new password:\n${link}\n\nIf you did not ask for it, ignore this mail.\n`,
          link,
        },
        'reset mail',
        refund,
      );
    }
    ctx.status = 202;
    ctx.body = { detail: 'If an account uses this address, a link to reset its password is on its way.' };
  });

  router.post('/auth/reset-password', async (ctx) => {
    refusePasswordSignIn(deps);
    const body = parse(ResetPasswordBody, ctx.request.body);
    const linked = await deps.emailLinks.peek(body.token, 'reset-password');
    const user = linked ? await deps.users.get(linked) : null;
    if (!user?.isAvailable) throw invalidLink();
    // Judged by the rules of registration, mailbox name included, before the link is used up: a refused
    // password can be replaced with the same link.
    refuseWeakPassword(body.password, 'password', deps.config, user.email);
    if ((await deps.emailLinks.consume(body.token, 'reset-password')) !== user.id) throw invalidLink();
    await deps.credentials.updateHash(user.id, await deps.passwords.hash(body.password));
    await deps.emailLinks.revoke(user.id, 'reset-password');
    const result = await handleOwnUserCommand(
      deps.store,
      { type: 'ChangePassword', userId: user.id, via: 'reset' },
      commandMetadata(ctx, user.id),
    );
    await deps.waitFor(result.lastPosition);
    await revokeSessions(deps, user.id);
    // Whoever held the old password may hold a phone subscribed to this account's orders: it hears no more.
    await deps.push.subscriptions.removeAllOf(user.id);
    // The new password opens the account at once, whoever's guesses had locked it.
    await deps.throttle.forgive(user.email);
    logSecurityEvent(deps.logger, 'password-reset', { account: user.email, address: ctx.ip });
    // The link came to the mailbox: it is proven too.
    if (!user.emailVerified) await verify(ctx, user.id);
    ctx.status = 204;
  });

  router.put('/user/password', signedIn, async (ctx) => {
    refusePasswordSignIn(deps);
    const user = currentUser(ctx);
    const body = parse(ChangePasswordBody, ctx.request.body);
    refuseWeakPassword(body.newPassword, 'newPassword', deps.config, user.email);
    const attempt = await deps.throttle.reserve(user.email, ctx.ip);
    const credential = await deps.credentials.findByEmail(user.email);
    const ok = await deps.passwords.verify(body.currentPassword, credential?.passwordHash ?? deps.passwords.dummyHash);
    if (!ok || !credential) {
      await attempt.failed();
      logSecurityEvent(deps.logger, 'login-failed', { account: user.email, address: ctx.ip, path: ctx.path });
      const message = 'Current password is incorrect.';
      throw new ValidationError(message, [{ path: 'currentPassword', message }]);
    }
    await attempt.succeeded();
    await deps.credentials.updateHash(user.id, await deps.passwords.hash(body.newPassword));
    // A reset link mailed before would set another password over this one.
    await deps.emailLinks.revoke(user.id, 'reset-password');
    const result = await handleOwnUserCommand(
      deps.store,
      { type: 'ChangePassword', userId: user.id, via: 'change' },
      commandMetadata(ctx),
    );
    await deps.waitFor(result.lastPosition);
    // Every other session ends; this one carries on with a fresh pair.
    await revokeSessions(deps, user.id);
    logSecurityEvent(deps.logger, 'password-changed', { account: user.email, address: ctx.ip });
    ctx.body = await deps.tokens.issue(user.id);
  });

  return router;
}
