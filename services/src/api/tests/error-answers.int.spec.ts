import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.js';
import { loadConfig } from '../../config.js';
import { TooManyAttemptsError } from '../../errors.js';
import { createApp } from '../app.js';
import type { AppDeps } from '../deps.js';
import { createMetrics } from '../metrics.js';

describe('when a call fails', () => {
  const metrics = createMetrics();
  const logged: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    const deps = {
      config: loadConfig({}),
      clock: systemClock,
      logger,
      db: { knex: () => undefined },
      metrics,
      readPosition: () => 0,
      tokens: {
        verifyAccess: async () => {
          throw new Error('database gone');
        },
      },
      throttle: {
        reserve: async () => {
          throw new TooManyAttemptsError(60);
        },
      },
    } as unknown as AppDeps;
    server = http.createServer(createApp(deps).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('counts and logs each answer with its real status', async () => {
    expect((await fetch(`${base}/user/me`)).status).toBe(401);
    const login = await fetch(`${base}/auth/v2/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@woxa.tech', password: 'whatever1' }),
    });
    expect(login.status).toBe(429);
    expect((await fetch(`${base}/user/me`, { headers: { Authorization: 'Bearer x' } })).status).toBe(500);

    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/user\/me",status="401"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="POST",route="\/api\/auth\/v2\/login",status="429"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="[^"]+",status="500"\} 1$/m);
    const statuses = logged.filter((l) => l.msg === 'request').map((l) => l.status);
    expect(statuses).toEqual([401, 429, 500]);
  });

  it('sends the security headers with the problem answer', async () => {
    const res = await fetch(`${base}/user/me`);
    expect(res.status).toBe(401);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

/** The headers of GET /api/healthz from an app configured by `env`, on a port of its own. */
async function healthzHeaders(env: Record<string, string> = {}): Promise<Headers> {
  const server = http.createServer(
    createApp({
      config: loadConfig(env),
      metrics: createMetrics(),
      logger: pino({ level: 'silent' }),
      db: { knex: () => undefined },
    } as unknown as AppDeps).callback(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/healthz`)).headers;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('the content security policy', () => {
  it('allows connections to this origin only and no plugins', async () => {
    const csp = (await healthzHeaders()).get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/connect-src[^;]*ws:/);
    expect(csp).toContain("object-src 'none'");
    // No string is ever compiled as script: the HEIC decoder is heic-to's CSP build (WebAssembly only).
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  });
});

describe('HSTS', () => {
  it('tells browsers to use https only where the app is served over https (APP_URL)', async () => {
    const hstsOf = async (env: Record<string, string>) => (await healthzHeaders(env)).get('strict-transport-security');
    expect(await hstsOf({ APP_URL: 'https://drinks.example.com' })).toBe('max-age=31536000');
    expect(await hstsOf({ APP_URL: 'http://localhost:3000' })).toBeNull();
    expect(await hstsOf({})).toBeNull();
  });
});
