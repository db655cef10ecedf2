import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './test-support/process.js';

describe('the demo accounts printed at start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinks-demo-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // The banner follows the first health answer by a moment: wait for its last line.
  const start = async (demo: boolean) => {
    const server = await spawnServer({ DATA_DIR: dataDir, DEMO_DATA: String(demo) });
    for (let i = 0; i < 100 && !/serving on[^\n]*\n[\s\S]*\n\n/.test(server.output()); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return server;
  };
  const listed = (output: string) => [...output.matchAll(/^\s+\w+\s+(\S+@woxa\.tech)\s+password:/gm)].map((m) => m[1]);

  it('lists only those that still open with the published password, and warns when they do without DEMO_DATA', async () => {
    let server = await start(true);
    try {
      expect(listed(server.output())).toEqual(['user@woxa.tech', 'barista@woxa.tech', 'admin@woxa.tech']);
      const login = await fetch(`${server.url}/api/auth/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@woxa.tech', password: 'password123' }),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const changed = await fetch(`${server.url}/api/user/password`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ currentPassword: 'password123', newPassword: 'a-long-new-secret-9' }),
      });
      expect(changed.status).toBeLessThan(300);
    } finally {
      await server.stop();
    }
    server = await start(true);
    try {
      expect(listed(server.output())).toEqual(['user@woxa.tech', 'barista@woxa.tech']);
    } finally {
      await server.stop();
    }
    server = await start(false);
    try {
      expect(server.output()).toContain('WARNING: these demo accounts still open with the published password');
      expect(listed(server.output())).toEqual(['user@woxa.tech', 'barista@woxa.tech']);
      expect(server.output()).toContain('"security":"demo-accounts-open"');
    } finally {
      await server.stop();
    }
  });
});
