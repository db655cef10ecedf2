import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { testDatabase, WITH_PG } from '../test-support/db.js';
import { loadJwtSecret } from './secret.js';

const FIXED_SECRET = '342c82d35be882303014a47868c7a71f30ad5bc4d310a69cfb67103e09609d0d';
const OTHER_SECRET = '9b1c6f0e2d7a43c58e1f0a6b3d2c7e49f8a1b0c3d5e7f9021436587a9bcdef01';

describe('loading the JWT secret', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'jwt-secret-'));
    dirs.push(dir);
    return join(dir, 'data');
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('uses JWT_SECRET when set', async () => {
    const secret = await loadJwtSecret({ JWT_SECRET: FIXED_SECRET, DATA_DIR: dataDir(), DATABASE_URL: undefined });
    expect(Buffer.from(secret).toString()).toBe(FIXED_SECRET);
  });

  describe('without JWT_SECRET on SQLite', () => {
    it('creates a 48-byte secret readable by the owner only, and reads the same one back', async () => {
      const dir = dataDir();
      const config = { JWT_SECRET: undefined, DATA_DIR: dir, DATABASE_URL: undefined };
      const first = await loadJwtSecret(config);
      expect(first).toHaveLength(48);
      expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
      expect(Buffer.from(readFileSync(join(dir, 'jwt-secret'), 'utf8'), 'base64url').equals(Buffer.from(first))).toBe(
        true,
      );
      expect(Buffer.from(await loadJwtSecret(config)).equals(Buffer.from(first))).toBe(true);
    });

    it('refuses a kept secret with little entropy, naming JWT_SECRET and the file', async () => {
      const dir = dataDir();
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'jwt-secret'), 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(2));
      const loading = loadJwtSecret({ JWT_SECRET: undefined, DATA_DIR: dir, DATABASE_URL: undefined });
      await expect(loading).rejects.toThrow(ConfigError);
      await expect(loading).rejects.toThrow(/JWT_SECRET: .*jwt-secret .*entropy/);
    });

    it('gives two processes starting together the same secret', async () => {
      const config = { JWT_SECRET: undefined, DATA_DIR: dataDir(), DATABASE_URL: undefined };
      const [a, b] = await Promise.all([loadJwtSecret(config), loadJwtSecret(config)]);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    });
  });

  // Registered only where PostgreSQL is part of the run (not in `make test-fast`).
  if (WITH_PG)
    describe('without JWT_SECRET on PostgreSQL', () => {
      it('shares one secret through the settings table', async () => {
        const db = await testDatabase('pg');
        try {
          const config = { JWT_SECRET: undefined, DATA_DIR: dataDir(), DATABASE_URL: 'postgres://x' };
          const [a, b] = await Promise.all([loadJwtSecret(config, db), loadJwtSecret(config, db)]);
          expect(a).toHaveLength(48);
          expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
          expect(Buffer.from(await loadJwtSecret(config, db)).equals(Buffer.from(a))).toBe(true);
          expect(await db.knex('settings').whereNot({ key: 'jwt-secret-fingerprint' }).count({ n: '*' })).toEqual([
            { n: '1' },
          ]);
        } finally {
          await db.cleanup();
        }
      });

      it('refuses a process whose JWT_SECRET differs from the one the others sign with, naming the setting', async () => {
        const db = await testDatabase('pg');
        try {
          const shared = { JWT_SECRET: FIXED_SECRET, DATA_DIR: dataDir(), DATABASE_URL: 'postgres://x' };
          await loadJwtSecret(shared, db);
          await loadJwtSecret(shared, db);
          const other = loadJwtSecret({ ...shared, JWT_SECRET: OTHER_SECRET }, db);
          await expect(other).rejects.toThrow(ConfigError);
          await expect(other).rejects.toThrow(/^JWT_SECRET: the other processes on this database sign with another/);
          // Nor may one without JWT_SECRET generate a secret of its own beside them.
          await expect(loadJwtSecret({ ...shared, JWT_SECRET: undefined }, db)).rejects.toThrow(/^JWT_SECRET: /);
          // Changed on purpose: with the row deleted, the next process to start sets the new one.
          await db.knex('settings').where({ key: 'jwt-secret-fingerprint' }).delete();
          await loadJwtSecret({ ...shared, JWT_SECRET: OTHER_SECRET }, db);
          await expect(loadJwtSecret(shared, db)).rejects.toThrow(ConfigError);
        } finally {
          await db.cleanup();
        }
      });
    });
});
