import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { mailboxKey } from '@drinks/contracts';
import { z } from 'zod';
import { parseTrustProxy } from './api/middleware/client-address.js';
import { weakSecretReason } from './auth/secret-strength.js';
import { isSender } from './mail/sender.js';
import { DEFAULT_PUSH_SERVICE_HOSTS } from './push/endpoints.js';
import { vapidKeyPairProblem } from './push/vapid-key-pair.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

function isCidr(s: string): boolean {
  const [address = '', prefix, ...rest] = s.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0 || prefix === undefined || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A numeric setting: empty or blank is unset, like every other setting (z.coerce read it as 0, so
 * RECALL_WINDOW_SECONDS='' turned recall off and PORT=' ' picked a random port); other text is a number or refused.
 */
const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v !== 'string' ? v : v.trim() === '' ? undefined : Number(v)), schema);

const optionalNumber = (schema: z.ZodNumber) => numeric(schema.optional());

const timeZone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as Asia/Bangkok');

export const ConfigSchema = z
  .object({
    PORT: numeric(z.number().int().min(0).max(65535).default(3000)),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    /**
     * The built web app served on PORT (default: the repository's web/dist, served only once built). Set, it
     * must hold index.html: else every page answered 404.
     */
    WEB_DIR: z
      .string()
      .min(1)
      .refine(
        (dir) => existsSync(join(dir, 'index.html')),
        'holds no index.html: point it at a built web app (web/dist)',
      )
      .optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** PostgreSQL schema for every table (created when absent); lets several deployments share a database. */
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier')
      .optional(),
    NATS_URL: z
      .string()
      .regex(/^(nats|tls):\/\//, 'must be a nats:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    NATS_STREAM: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .default('EVENTS'),
    NATS_SUBJECT_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .default('events'),
    JWT_SECRET: z
      .string()
      .superRefine((s, ctx) => {
        const reason = weakSecretReason(s);
        if (reason) ctx.addIssue({ code: 'custom', message: reason });
      })
      .optional(),
    JWT_ISSUER: z.string().min(1, 'must not be empty (unset: drinks)').default('drinks'),
    JWT_AUDIENCE: z.string().min(1, 'must not be empty (unset: drinks-app)').default('drinks-app'),
    ACCESS_TOKEN_TTL_SECONDS: numeric(
      z
        .number()
        .int()
        .min(30)
        .default(60 * 60),
    ),
    REFRESH_TOKEN_TTL_SECONDS: numeric(
      z
        .number()
        .int()
        .min(60)
        .default(30 * 24 * 3600),
    ),
    /** Absolute lifetime of a sign-in: its refresh tokens stop rotating after this, however active. */
    SESSION_MAX_SECONDS: numeric(
      z
        .number()
        .int()
        .min(60)
        .default(30 * 24 * 3600),
    ),
    COMPANY_EMAIL_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain such as woxa.tech')
      .default('woxa.tech'),
    BUSINESS_TZ: timeZone.default('Asia/Bangkok'),
    OFFICE_LAT: optionalNumber(z.number().min(-90).max(90)),
    OFFICE_LNG: optionalNumber(z.number().min(-180).max(180)),
    OFFICE_RADIUS_M: optionalNumber(z.number().positive()),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** Serves /api/metrics on this port of its own (and not on PORT). */
    METRICS_PORT: optionalNumber(z.number().int().min(0).max(65535)),
    /** Lets the bearer of this token read /api/metrics on PORT (else only this machine may). */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Failed logins on one account from everywhere in 15 minutes; addresses that signed in before are exempt. */
    LOGIN_ACCOUNT_CEILING: numeric(z.number().int().min(5).default(50)),
    /** Where mail goes (smtp:// or smtps://, credentials in the URL); unset: links are printed in the log. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z
      .string()
      .refine(isSender, "must be an address (drinks@woxa.tech) or 'Name <address>' (Drinks <drinks@woxa.tech>)")
      .default('Drinks <no-reply@localhost>'),
    /** The app's public address for links in mail; required with SMTP_URL (a request's Host must not pick it). */
    // Empty is unset by preprocessing: a union with z.literal('') answered every bad URL with 'Invalid input'.
    APP_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .url({ protocol: /^https?$/, message: 'must be an http(s):// URL' })
        // Paths are appended to it ('/verify-email?token=', '/api/auth/oidc/callback'): after a ? or # they were lost.
        .refine((s) => !/[?#]/.test(s), 'must have no ?query or #fragment (https://drinks.example.com)')
        .transform((s) => s.replace(/\/+$/, ''))
        .optional(),
    ),
    /**
     * Registrations and password-reset requests one client address may make per hour (5 per mailbox); by
     * default 20 under the strict account rules, 1,000 under the contract rules (see mailRequestsPerAddress).
     */
    MAIL_REQUESTS_PER_ADDRESS: optionalNumber(z.number().int().min(1)),
    /** Company sign-in (OpenID Connect): the provider's issuer URL; https, or http only on this machine. */
    // zod runs the refinement on a value the URL check refused too: new URL('') threw, and the process died
    // with a stack trace that named no setting. Empty is unset, as for APP_URL.
    OIDC_ISSUER: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .url({ protocol: /^https?$/, message: 'must be an https:// URL' })
        .refine(
          (s) => !URL.canParse(s) || s.startsWith('https://') || LOOPBACK_HOSTS.has(new URL(s).hostname),
          'must be an https:// URL (http only for a provider on this machine)',
        )
        .optional(),
    ),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** The button says "Sign in with <OIDC_NAME>"; the company domain when unset. */
    OIDC_NAME: z.string().min(1).max(40).optional(),
    /** Hides password sign-in, registration and reset: everyone signs in with the company account. */
    OIDC_ONLY: bool.default(false),
    /** Photos one user may upload per 24 hours (each is decoded and re-encoded); more answer 429. */
    UPLOADS_PER_USER_PER_DAY: numeric(z.number().int().min(1).default(100)),
    /**
     * Live sockets one user may hold at once; a further one is closed with 1008. A person has a few (phones, tabs); a
     * wall screen or a load test signed in as one barista may hold hundreds: the bound is against one account
     * using up the process's open files.
     */
    LIVE_SOCKETS_PER_USER: numeric(z.number().int().min(1).default(500)),
    /** Photos no order uses are deleted once this old. */
    IMAGE_RETENTION_HOURS: numeric(z.number().int().min(1).default(24)),
    /**
     * `strict`: new passwords must not be common or hold the company name, and an account orders only once
     * its mailbox is proven. `contract`: the HTTP contract's bare rules (a password of 8 characters; ordering
     * right after registration), for a demo anyone can try. Unset: `contract` with DEMO_DATA, else `strict`.
     */
    ACCOUNT_RULES: z.enum(['strict', 'contract']).optional(),
    /** Seeds demo accounts with a published password into a new database: `make start` turns it on. */
    DEMO_DATA: bool.default(false),
    /** Who may say who the client is via X-Forwarded-For: unset (no one), a hop count, or proxy addresses. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        try {
          return parseTrustProxy(v);
        } catch (err) {
          // parseTrustProxy names the variable itself; the issue's path names it again.
          ctx.addIssue({ code: 'custom', message: (err as Error).message.replace(/^TRUST_PROXY: /, '') });
          return z.NEVER;
        }
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Which parts this process runs: all-in-one by default. */
    ROLE: z.enum(['all', 'api', 'relay', 'projector']).default('all'),
    /** Node's convention; the Docker image sets `production`, where FAKE_NOW is refused. */
    NODE_ENV: z.string().optional(),
    /** Starts the clock at this ISO instant (it runs on from there) for tests and demos; never in production. */
    // Date.parse took free text ('March 1 2024') and read a zoneless time in the server's own zone.
    FAKE_NOW: z.iso
      .datetime({ offset: true, message: 'must be an ISO 8601 instant with its zone, such as 2025-06-11T03:00:00Z' })
      .optional(),
    /** How long after its completion or rejection staff can still recall an order. */
    RECALL_WINDOW_SECONDS: numeric(z.number().int().min(0).max(86_400).default(120)),
    /** Minutes per order in the queue the wait estimate assumes until enough orders were completed. */
    ESTIMATE_PRIOR_MINUTES: numeric(z.number().positive().max(120).default(4)),
    /** A done order not picked up after this long is listed as unclaimed for staff to hand over. */
    UNCLAIMED_AFTER_MINUTES: numeric(
      z
        .number()
        .int()
        .min(1)
        .max(24 * 60)
        .default(30),
    ),
    /** Networks (CIDR, comma separated) whose screens may show the pick-up screen without a key. */
    PICKUP_SCREEN_NETWORKS: z
      .string()
      .default('127.0.0.0/8,::1/128')
      .transform((s, ctx) => {
        const list = s
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean);
        for (const cidr of list)
          if (!isCidr(cidr)) ctx.addIssue({ code: 'custom', message: `'${cidr}' is not a CIDR such as 10.0.0.0/8` });
        return list;
      }),
    /** Web Push (VAPID) key pair, base64url as `web-push generate-vapid-keys` prints; unset: generated at first start. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,90}$/, 'must be a base64url P-256 public key (87 characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,45}$/, 'must be a base64url P-256 private key (43 characters)')
      .optional(),
    /** Who push services may contact about our pushes: mailto: or https:// (default: APP_URL, else a mailto:). */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),
    /**
     * Hosts of the push services a subscription's endpoint may name (their subdomains too), comma separated;
     * https only, but for a loopback host listed by name. Default: the browsers' own push services.
     */
    PUSH_SERVICE_HOSTS: z
      .string()
      .default(DEFAULT_PUSH_SERVICE_HOSTS.join(','))
      .transform((s, ctx) => {
        const list = s
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean);
        for (const host of list) {
          const problem = pushHostProblem(host);
          if (problem) ctx.addIssue({ code: 'custom', message: `'${host}' ${problem}` });
        }
        return list;
      }),
    /** Extra origins allowed to open the live socket, comma separated. */
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean),
      )
      // Compared with a page's Origin as text: 'https://host/' or 'host' would never match, '*' is no origin.
      .refine((origins) => origins.every(isOrigin), {
        message:
          'each entry must be an origin, scheme://host[:port] with nothing after it (https://drinks.example.com)',
      }),
  })
  // An access token is not revoked by the session's end: one outliving SESSION_MAX_SECONDS carried the sign-in past it.
  .refine((c) => c.ACCESS_TOKEN_TTL_SECONDS <= c.SESSION_MAX_SECONDS, {
    message: 'ACCESS_TOKEN_TTL_SECONDS must not exceed SESSION_MAX_SECONDS, the absolute lifetime of a sign-in',
    path: ['ACCESS_TOKEN_TTL_SECONDS'],
  })
  .refine((c) => c.ACCESS_TOKEN_TTL_SECONDS <= c.REFRESH_TOKEN_TTL_SECONDS, {
    message: 'ACCESS_TOKEN_TTL_SECONDS must not exceed REFRESH_TOKEN_TTL_SECONDS: the refresh token renews it',
    path: ['ACCESS_TOKEN_TTL_SECONDS'],
  })
  .refine((c) => !(c.FAKE_NOW && c.NODE_ENV === 'production'), {
    message: 'FAKE_NOW is for tests and demos: refused with NODE_ENV=production (orders would carry a made-up time)',
    path: ['FAKE_NOW'],
  })
  // Only addresses of the company domain can register or sign in: any other entry could never become admin.
  .superRefine((c, ctx) => {
    const domain = c.COMPANY_EMAIL_DOMAIN.toLowerCase();
    for (const email of c.ADMIN_EMAILS) {
      const problem = !z.email().safeParse(email).success
        ? 'is not an email address'
        : !email.endsWith(`@${domain}`)
          ? `is not an address of COMPANY_EMAIL_DOMAIN (${domain}): only those can register or sign in`
          : null;
      if (problem) ctx.addIssue({ code: 'custom', message: `'${email}' ${problem}`, path: ['ADMIN_EMAILS'] });
    }
  })
  .refine((c) => !c.SMTP_URL || c.APP_URL, {
    message: 'APP_URL is required with SMTP_URL: the links in mail point there',
    path: ['APP_URL'],
  })
  .refine((c) => !c.OIDC_ISSUER || (c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET && c.APP_URL), {
    message:
      'OIDC_ISSUER needs OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and APP_URL (the redirect URI is APP_URL/api/auth/oidc/callback)',
    path: ['OIDC_ISSUER'],
  })
  .refine((c) => !c.OIDC_ONLY || c.OIDC_ISSUER, {
    message: 'OIDC_ONLY=true needs OIDC_ISSUER: else nobody could sign in',
    path: ['OIDC_ONLY'],
  })
  .refine((c) => (c.VAPID_PUBLIC_KEY === undefined) === (c.VAPID_PRIVATE_KEY === undefined), {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    path: ['VAPID_PUBLIC_KEY'],
  })
  .superRefine((c, ctx) => {
    if (c.VAPID_PUBLIC_KEY === undefined || c.VAPID_PRIVATE_KEY === undefined) return;
    const problem = vapidKeyPairProblem({ publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY });
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.key] });
  })
  // Both listen on HOST: the metrics server then failed to start with 'METRICS_PORT: … is already in use'.
  .refine((c) => c.METRICS_PORT === undefined || c.METRICS_PORT === 0 || c.METRICS_PORT !== c.PORT, {
    message: 'must differ from PORT: metrics get a port of their own (unset, they are served on PORT)',
    path: ['METRICS_PORT'],
  })
  .refine((c) => (c.OFFICE_LAT === undefined) === (c.OFFICE_LNG === undefined), {
    message: 'OFFICE_LAT and OFFICE_LNG go together',
    path: ['OFFICE_LAT'],
  })
  // The check is off without the office's position (officeCheck): a radius alone looked like a check that never ran.
  .refine((c) => c.OFFICE_RADIUS_M === undefined || c.OFFICE_LAT !== undefined, {
    message: 'needs OFFICE_LAT and OFFICE_LNG: without the office position there is no at-the-office check',
    path: ['OFFICE_RADIUS_M'],
  })
  .refine((c) => c.ROLE === 'all' || (c.DATABASE_URL && c.NATS_URL), {
    // Alone, ROLE=api on SQLite never projected: every read waited and registrations answered 204.
    message:
      'api, relay and projector are the scale-out roles: they share a PostgreSQL database (DATABASE_URL) and NATS (NATS_URL); one process on SQLite is ROLE=all',
    path: ['ROLE'],
  });

export type Config = z.infer<typeof ConfigSchema>;

/** Whether the stricter account rules apply (ACCOUNT_RULES, or by default unless this is a demo). */
export const strictAccounts = (c: Pick<Config, 'ACCOUNT_RULES' | 'DEMO_DATA'>): boolean =>
  (c.ACCOUNT_RULES ?? (c.DEMO_DATA ? 'contract' : 'strict')) === 'strict';

/**
 * MAIL_REQUESTS_PER_ADDRESS, or its default: a demo under the contract rules is tried (and tested) by
 * registering many accounts from one address, which 20 an hour would refuse.
 */
export const mailRequestsPerAddress = (
  c: Pick<Config, 'ACCOUNT_RULES' | 'DEMO_DATA' | 'MAIL_REQUESTS_PER_ADDRESS'>,
): number => c.MAIL_REQUESTS_PER_ADDRESS ?? (strictAccounts(c) ? 20 : 1000);

/**
 * The mailbox an address is under: user+x@ is user@'s under the strict rules, its own under the contract
 * rules. An account is unique per mailbox, and mail requests count against it.
 */
export const mailboxUnderRules = (c: Pick<Config, 'ACCOUNT_RULES' | 'DEMO_DATA'>, email: string): string =>
  strictAccounts(c) ? mailboxKey(email) : email.trim().toLowerCase();

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment; a bad value throws a ConfigError naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}

export function officeCheck(c: Config): { lat: number; lng: number; radiusM: number } | null {
  if (c.OFFICE_LAT === undefined || c.OFFICE_LNG === undefined) return null;
  return { lat: c.OFFICE_LAT, lng: c.OFFICE_LNG, radiusM: c.OFFICE_RADIUS_M ?? 300 };
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * Why an entry of PUSH_SERVICE_HOSTS is no host name, if it is not. The endpoint rule matches a host and its
 * subdomains, so a single label ('com') allowed every push endpoint under it; a URL or '*' matched nothing.
 */
function pushHostProblem(host: string): string | null {
  if (LOOPBACK_HOSTS.has(host) || HOST_NAME.test(host)) return null;
  if (host.includes('*')) return 'is a wildcard: list host names (a listed host allows its subdomains)';
  if (/[/:@]/.test(host)) return 'is not a host name: list fcm.googleapis.com, not https://fcm.googleapis.com/…';
  if (/^[a-z0-9-]+$/.test(host))
    return 'is a single label: it would allow every push endpoint under it; list the push service (fcm.googleapis.com)';
  return 'is not a host name such as fcm.googleapis.com';
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}
