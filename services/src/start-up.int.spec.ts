import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer } from './test-support/process.js';

describe('start-up', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinks-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const start = (env: Record<string, string>) =>
    spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'false', ...env }, { readyTimeoutMs: 15_000 });

  it('stops with a line naming PORT (exit 78) when the port is taken, not with a stack trace', async () => {
    const port = await freePort();
    const taken = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      await expect(start({ PORT: String(port) })).rejects.toThrow(
        new RegExp(`code 78[\\s\\S]*Cannot start: PORT: ${port} is already in use on 127\\.0\\.0\\.1\\.`),
      );
    } finally {
      taken.close();
    }
  });

  it('names METRICS_PORT, not PORT, when the metrics port is the one taken', async () => {
    const metricsPort = await freePort();
    const taken = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => taken.listen(metricsPort, '127.0.0.1', resolve));
    try {
      const port = await freePort();
      await expect(start({ PORT: String(port), METRICS_PORT: String(metricsPort) })).rejects.toThrow(
        new RegExp(
          `code 78[\\s\\S]*Cannot start: METRICS_PORT: ${metricsPort} is already in use on 127\\.0\\.0\\.1\\.`,
        ),
      );
    } finally {
      taken.close();
    }
  });

  it('stops with a line naming METRICS_PORT (exit 78) before starting when it is PORT', async () => {
    const port = await freePort();
    await expect(start({ PORT: String(port), METRICS_PORT: String(port) })).rejects.toThrow(
      /code 78[\s\S]*METRICS_PORT: must differ from PORT/,
    );
  });

  it('stops with a line naming HOST when it is not an address of this machine', async () => {
    const refused = start({ HOST: 'no-such-host.invalid' });
    await expect(refused).rejects.toThrow(/code 78[\s\S]*Cannot start: HOST: no-such-host\.invalid/);
    await expect(refused).rejects.not.toThrow(/\n\s+at /);
  });

  it('stops with a line naming VAPID_PUBLIC_KEY (exit 78) when it is malformed, not with a stack trace', async () => {
    const pair = webpush.generateVAPIDKeys();
    const refused = start({ VAPID_PUBLIC_KEY: pair.publicKey.slice(0, 84), VAPID_PRIVATE_KEY: pair.privateKey });
    await expect(refused).rejects.toThrow(/code 78[\s\S]*VAPID_PUBLIC_KEY: /);
    await expect(refused).rejects.not.toThrow(/\n\s+at /);
  });

  it('stops with a line naming MAIL_FROM (exit 78) when it is a name without an address', async () => {
    const refused = start({ MAIL_FROM: 'Drinks' });
    await expect(refused).rejects.toThrow(/code 78[\s\S]*MAIL_FROM: /);
    await expect(refused).rejects.not.toThrow(/\n\s+at /);
  });

  it('stops with a line naming APP_URL (exit 78) when it carries a query or a #fragment', async () => {
    const refused = start({ APP_URL: 'https://drinks.example.com/?utm=mail#top' });
    await expect(refused).rejects.toThrow(/code 78[\s\S]*APP_URL: /);
    await expect(refused).rejects.not.toThrow(/\n\s+at /);
  });
});
