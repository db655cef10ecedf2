import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { testDatabase, WITH_PG } from '../test-support/db.js';
import { loadVapidKeys } from './vapid.js';

describe('loading the VAPID keys', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    dirs.push(dir);
    return join(dir, 'data');
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  const base = { COMPANY_EMAIL_DOMAIN: 'woxa.tech' };

  it('uses VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY and VAPID_SUBJECT when set', async () => {
    const pair = webpush.generateVAPIDKeys();
    const keys = await loadVapidKeys({
      ...base,
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'mailto:cafe@woxa.tech',
    });
    expect(keys).toEqual({ ...pair, subject: 'mailto:cafe@woxa.tech' });
  });

  it('generates a pair at first start, kept for the owner only, the same for two processes starting together', async () => {
    const dir = dataDir();
    const [a, b] = await Promise.all([
      loadVapidKeys({ ...base, DATA_DIR: dir }),
      loadVapidKeys({ ...base, DATA_DIR: dir }),
    ]);
    expect(a).toEqual(b);
    expect(statSync(join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(await loadVapidKeys({ ...base, DATA_DIR: dir })).toEqual(a);
    expect(a.subject).toBe('mailto:admin@woxa.tech');
  });

  it('refuses kept keys that are not a pair, naming the key and the file to delete', async () => {
    const dir = dataDir();
    const [pair, other] = [webpush.generateVAPIDKeys(), webpush.generateVAPIDKeys()];
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'vapid-keys.json'), JSON.stringify({ ...pair, publicKey: other.publicKey }));
    const loading = loadVapidKeys({ ...base, DATA_DIR: dir });
    await expect(loading).rejects.toThrow(ConfigError);
    await expect(loading).rejects.toThrow(/VAPID_PUBLIC_KEY: .*vapid-keys\.json/);
  });

  if (WITH_PG)
    it('shares one pair through the settings table on PostgreSQL', async () => {
      const db = await testDatabase('pg');
      const other = await db.openAnother();
      try {
        const config = { ...base, DATA_DIR: dataDir(), DATABASE_URL: 'postgres://x' };
        const [a, b] = await Promise.all([loadVapidKeys(config, db), loadVapidKeys(config, other)]);
        expect(a).toEqual(b);
        expect(Buffer.from(a.publicKey, 'base64url')).toHaveLength(65);
      } finally {
        await other.close();
        await db.cleanup();
      }
    });
});
