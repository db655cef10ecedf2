import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { spawnServer, type SpawnedServer } from './test-support/process.js';

describe('stopping (SIGTERM)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinks-stop-'));
  let server: SpawnedServer | undefined;
  afterAll(async () => {
    await server?.stop(1000);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests under way, says goodbye to live sockets (1001) and exits 0 at once', async () => {
    server = await spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'true' });
    const login = () =>
      fetch(`${server!.url}/api/auth/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'user@woxa.tech', password: 'password123' }),
      });
    const { accessToken } = (await (await login()).json()) as { accessToken: string };
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/websockets`);
    const hello = new Promise<void>((resolve) => ws.on('message', () => resolve()));
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: accessToken, hello: true })));
    await hello;
    // A sign-in hashes its password for a good while: it is under way when the signal comes.
    const underWay = login();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    server.kill('SIGTERM');
    expect((await underWay).status).toBe(200);
    expect(await closed).toBe(1001);
    expect(await server.waitExit()).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('ends a kept-alive connection after its next answer, so a client polling on it does not hold the exit', async () => {
    await server?.stop(1000);
    server = await spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'true' });
    // One connection, kept alive and reused, as a browser's page does.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const call = (method: string, path: string, body?: unknown) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = http.request(
          `${server!.url}${path}`,
          { method, agent, headers: body ? { 'content-type': 'application/json' } : {} },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
          },
        );
        req.on('error', reject);
        req.end(body ? JSON.stringify(body) : undefined);
      });
    try {
      expect((await call('GET', '/api/healthz')).connection).toBe('keep-alive');
      const exited = server.waitExit();
      let gone = false;
      void exited.then(() => (gone = true));
      // A sign-in is under way on the connection when the signal comes, so the connection is not idle then.
      const underWay = call('POST', '/api/auth/v2/login', { email: 'user@woxa.tech', password: 'password123' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const started = Date.now();
      server.kill('SIGTERM');
      const answers = [await underWay];
      // Then the page asks every 100 ms whether the server is there.
      while (!gone && Date.now() - started < 8_000) {
        answers.push(await call('GET', '/api/healthz').catch(() => ({ status: 0, connection: 'refused' })));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(answers[0]!.status).toBe(200);
      // Before: each probe's answer kept the connection alive, and the process ended only at the grace period's cut.
      expect(answers.slice(1).filter((a) => a.connection === 'keep-alive')).toEqual([]);
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      agent.destroy();
    }
  });
});
