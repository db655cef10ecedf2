import { mkdtempSync, rmSync } from 'node:fs';
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
});
