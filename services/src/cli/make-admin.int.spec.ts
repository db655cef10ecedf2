import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { User } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../test-support/process.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

const run = promisify(execFile);
const CLI = join(repoRoot(), 'services', 'dist', 'cli', 'make-admin.js');

describe('make admin (cli/make-admin.js) beside a running server', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer();
  });
  afterAll(() => app.close());

  const makeAdmin = (email: string) =>
    run(process.execPath, [CLI, email], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: app.dataDir, APP_URL: 'https://drinks.example' },
    });
  const me = async (token: string) => (await app.call<User>('GET', '/user/me', { token })).body;

  it('makes an account that waits for its link a verified admin', async () => {
    const u = await app.newUser('Future Boss', { verify: false });
    const { stdout } = await makeAdmin(u.email);
    expect(stdout).toContain(`${u.email} is now an admin.`);
    await expect.poll(() => me(u.token), { timeout: 10_000 }).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await makeAdmin(u.email)).stdout).toContain('was an admin already');
  });

  it('creates a missing account and prints a one-time link to set its password', async () => {
    const { stdout } = await makeAdmin('first.admin@woxa.tech');
    const token = stdout.match(/https:\/\/drinks\.example\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeDefined();
    const admin = (await app.login('admin@woxa.tech')).accessToken;
    const listed = async () => (await app.call<User[]>('GET', '/user', { token: admin })).body.map((u) => u.email);
    await expect.poll(listed, { timeout: 10_000 }).toContain('first.admin@woxa.tech');
    const reset = await app.call('POST', '/auth/reset-password', { body: { token, password: 'chosen-pass-1' } });
    expect(reset.status).toBe(204);
    const tokens = await app.login('first.admin@woxa.tech', 'chosen-pass-1');
    expect(await me(tokens.accessToken)).toMatchObject({ role: 'admin', emailVerified: true, name: 'first.admin' });
  });

  it('refuses an address outside the company domain', async () => {
    await expect(makeAdmin('someone@elsewhere.test')).rejects.toMatchObject({
      stderr: expect.stringContaining('Usage: make admin EMAIL='),
    });
  });
});
