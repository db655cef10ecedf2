import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Tokens } from '@drinks/contracts';
import { pino } from 'pino';
import { loadConfig } from '../config.js';
import type { Mail } from '../mail/mailer.js';
import { shiftedClock } from './business-clock.js';
import { type RunningServer, startServer } from '../server.js';

export interface TestServer extends RunningServer {
  /** Calls the API over real HTTP; `token` may be null for anonymous calls. */
  call<T = any>(
    method: string,
    path: string,
    options?: { token?: string | null; body?: unknown; headers?: Record<string, string>; raw?: string },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  login(email: string, password?: string): Promise<Tokens>;
  /** Registers a fresh user on the company domain, opens its verification link and signs in. */
  newUser(name?: string, options?: { verify?: boolean }): Promise<{ id: string; email: string; token: string }>;
  /** Its SQLite data directory (for CLIs run beside it). */
  dataDir: string;
  /** Mail the server sent (without SMTP_URL the tests read it here instead of the log). */
  outbox: Mail[];
  /** The server's log lines at warn and above (security events among them), parsed. */
  logged: Record<string, unknown>[];
  /** The token of the newest link mailed to `email` (to a path containing `kind`). */
  linkToken(email: string, kind?: string): string;
}

export const TEST_DOMAIN = 'woxa.tech';

/** An all-in-one server in this process on a free port, with its own data dir (and schema on PostgreSQL). */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'drinks-api-'));
  const schema = env.DATABASE_URL ? `t_${randomUUID().replaceAll('-', '').slice(0, 16)}` : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'silent',
    COMPANY_EMAIL_DOMAIN: TEST_DOMAIN,
    MAIL_REQUESTS_PER_ADDRESS: '100000',
    // The suites test the production rules; the demo's contract rules have their own test.
    ACCOUNT_RULES: 'strict',
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const outbox: Mail[] = [];
  const logged: Record<string, unknown>[] = [];
  const running = await startServer(config, {
    logger: pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) }),
    ...(config.SMTP_URL ? {} : { mailer: { send: async (mail: Mail) => void outbox.push(mail) } }),
    // A test's own clock or FAKE_NOW, else real time (a day behind around Friday noon: business-clock.ts).
    ...(options.clock ? { clock: options.clock } : !env.FAKE_NOW && shiftedClock ? { clock: shiftedClock } : {}),
  });

  const call: TestServer['call'] = async (method, p, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    } else if (options.raw !== undefined) headers['Content-Type'] ??= 'application/json';
    const res = await fetch(`${running.url}/api${p}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  };

  const login = async (email: string, password = 'password123') => {
    const res = await call<Tokens>('POST', '/auth/v2/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  const linkToken = (email: string, kind = '') => {
    const mail = outbox.findLast((m) => m.to === email && m.link.includes(kind));
    const token = mail && new URL(mail.link).searchParams.get('token');
    if (!token) throw new Error(`no ${kind || 'link'} mailed to ${email}`);
    return token;
  };

  let n = 0;
  const newUser = async (name = `User ${String.fromCharCode(65 + (n % 26))}`, options = { verify: true }) => {
    const email = `u${Date.now()}${n++}@${TEST_DOMAIN}`;
    const reg = await call('POST', '/auth/register', { body: { name, email, password: 'secret-pass-1' } });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    if (options.verify) {
      const verified = await call('POST', '/auth/verify-email', { body: { token: linkToken(email, 'verify') } });
      if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
    }
    const tokens = await login(email, 'secret-pass-1');
    return { id: reg.body.id as string, email, token: tokens.accessToken };
  };

  return {
    ...running,
    call,
    login,
    newUser,
    outbox,
    logged,
    linkToken,
    dataDir,
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (schema && env.DATABASE_URL) {
        const { default: knex } = await import('knex');
        const k = knex({ client: 'pg', connection: env.DATABASE_URL });
        await k.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await k.destroy();
      }
    },
  };
}
