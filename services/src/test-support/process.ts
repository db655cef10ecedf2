import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shiftedFakeNow } from './business-clock.js';

export interface SpawnedServer {
  url: string;
  port: number;
  pid: number;
  /** Sends `signal` (default SIGKILL, a crash) to the process, by pid. */
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
  waitExit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

export interface SpawnOptions {
  /** How long to wait for /api/healthz (default 30 s). */
  readyTimeoutMs?: number;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
}

/** The repository root (holds services/dist/main.js), found from this file in src/ or dist/. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'services', 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('repository root not found');
    dir = up;
  }
  return dir;
}

// Inherited from the test runner's environment only when the caller passes them explicitly.
const APP_VARS =
  /^(PORT|HOST|DATA_DIR|DATABASE_URL|DATABASE_SCHEMA|NATS_URL|NATS_STREAM|NATS_SUBJECT_PREFIX|ROLE|DEMO_DATA|FAKE_NOW|LOG_LEVEL|JWT_SECRET|TRUST_PROXY|METRICS_PORT|METRICS_TOKEN)$/;

/**
 * Runs `node services/dist/main.js` (built beforehand) on a free port and resolves once
 * /api/healthz answers. The caller owns the process: stop it (or kill it) by its pid.
 */
export async function spawnServer(
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<SpawnedServer> {
  const main = join(repoRoot(), 'services', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build first (npx tsc -b services)`);
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !APP_VARS.test(k)));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), main], {
    cwd: repoRoot(),
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      COMPANY_EMAIL_DOMAIN: 'woxa.tech',
      ...shiftedFakeNow(),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ code, signal })),
  );
  const pid = child.pid!;
  const alive = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;

  const server: SpawnedServer = {
    url,
    port,
    pid,
    kill(signal = 'SIGKILL') {
      if (alive()) process.kill(pid, signal);
    },
    async stop(graceMs = 10_000) {
      if (!alive()) return void (await exited);
      process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => alive() && process.kill(pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    waitExit: () => exited,
    output: () => output,
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (!alive()) {
      const { code, signal } = await exited;
      throw new Error(`server exited (code ${code}, signal ${signal}) before it was healthy:\n${output}`);
    }
    if (await healthy(url)) return server;
    if (Date.now() > deadline) {
      await server.stop(1000);
      throw new Error(`server did not answer /api/healthz on ${url} in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/healthz`, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}
