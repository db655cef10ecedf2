import { randomBytes } from 'node:crypto';
import { ConfigError, type Config } from '../config.js';
import type { KnexDb } from './db-port.js';
import { keptSetting } from './kept-setting.js';
import { weakSecretReason } from './secret-strength.js';

const SECRET_BYTES = 48;

type SecretConfig = Pick<Config, 'JWT_SECRET' | 'DATA_DIR' | 'DATABASE_URL'>;

/**
 * JWT_SECRET when set; else a generated secret kept in `${DATA_DIR}/jwt-secret`, or, with a shared
 * PostgreSQL (DATABASE_URL), in the `settings` table so every API process signs with the same key.
 */
export async function loadJwtSecret(config: SecretConfig, db?: KnexDb): Promise<Uint8Array> {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  if (config.DATABASE_URL && !db) throw new Error('loadJwtSecret needs the database when DATABASE_URL is set.');
  const { text, where } = await keptSetting({
    name: 'jwt-secret',
    dataDir: config.DATA_DIR,
    db: config.DATABASE_URL ? db : undefined,
    generate: () => randomBytes(SECRET_BYTES).toString('base64url'),
  });
  const bytes = Buffer.from(text, 'base64url');
  const problem = bytes.length < 32 ? 'holds fewer than 32 bytes of secret' : weakSecretReason(text);
  if (problem) throw new ConfigError(`JWT_SECRET: ${where} ${problem}; delete it or set JWT_SECRET.`);
  return new Uint8Array(bytes);
}
