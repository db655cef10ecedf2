import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tokens } from '@drinks/contracts';
import { shiftedFakeNow } from './business-clock.js';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningApp {
  url: string;
  stop(): Promise<void>;
  login(email: string, password: string): Promise<Tokens>;
  api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Without SMTP_URL the server prints each mail's link in its log: the newest one to `email` containing `kind`. */
  mailLink(email: string, kind: string): Promise<string>;
  /** Opens the verification link the server printed for `email` (as its owner would from the mail). */
  verifyEmail(email: string): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/healthz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** Starts `node services/dist/main.js` on a free port with a fresh data dir and the demo data. */
export async function startApp(
  envOrFromUrl:
    Record<string, string> | ((url: string) => Record<string, string> | Promise<Record<string, string>>) = {},
): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'drinks-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const env = typeof envOrFromUrl === 'function' ? await envOrFromUrl(url) : envOrFromUrl;
  let log = '';
  let pending = '';
  const links: { to: string; link: string }[] = [];
  const child = spawn(process.execPath, [join(ROOT, 'services/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      MAIL_REQUESTS_PER_ADDRESS: '100000',
      // The suites test the production rules; the demo's contract rules have their own test.
      ACCOUNT_RULES: 'strict',
      DATABASE_URL: '',
      NATS_URL: '',
      // Real time, but a day behind around Friday noon (the cafe's cut-off): business-clock.ts.
      ...shiftedFakeNow(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => {
    log = (log + b.toString()).slice(-20_000);
    const lines = (pending + b.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"link"')) continue;
      try {
        const entry = JSON.parse(line) as { mailTo?: string; link?: string };
        if (entry.mailTo && entry.link) links.push({ to: entry.mailTo, link: entry.link });
      } catch {
        /* not a log line */
      }
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitHealthy(url, child, () => log);
  } catch (err) {
    await stop();
    throw err;
  }

  const api = async <T>(token: string | null, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed as T };
  };

  const login = async (email: string, password: string) => {
    const r = await api<Tokens>(null, 'POST', '/auth/v2/login', { email, password });
    if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  const mailLink = async (email: string, kind: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = links.findLast((l) => l.to === email && l.link.includes(kind));
      if (found) return found.link;
      if (Date.now() > deadline) throw new Error(`no ${kind} link for ${email} in the log`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const verifyEmail = async (email: string) => {
    const token = new URL(await mailLink(email, '/verify-email')).searchParams.get('token');
    const r = await api(null, 'POST', '/auth/verify-email', { token });
    if (r.status !== 200) throw new Error(`verify ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  };

  return { url, stop, login, api, mailLink, verifyEmail };
}
