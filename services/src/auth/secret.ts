import { createHmac, randomBytes } from 'node:crypto';
import { ConfigError, type Config } from '../config.js';
import type { KnexDb } from './db-port.js';
import { keptInDatabase, keptSetting } from './kept-setting.js';
import { weakSecretReason } from './secret-strength.js';

const SECRET_BYTES = 48;

type SecretConfig = Pick<Config, 'JWT_SECRET' | 'DATA_DIR' | 'DATABASE_URL'>;

/**
 * JWT_SECRET when set; else a generated secret kept in `${DATA_DIR}/jwt-secret`, or, with a shared
 * PostgreSQL (DATABASE_URL), in the `settings` table so every API process signs with the same key.
 * On PostgreSQL a process whose secret differs from the others' is refused at start (see sameAsOthers).
 */
export async function loadJwtSecret(config: SecretConfig, db?: KnexDb): Promise<Uint8Array> {
  if (config.DATABASE_URL && !db) throw new Error('loadJwtSecret needs the database when DATABASE_URL is set.');
  const secret = config.JWT_SECRET ? new TextEncoder().encode(config.JWT_SECRET) : await keptSecret(config, db);
  if (config.DATABASE_URL && db) await sameAsOthers(secret, db);
  return secret;
}

async function keptSecret(config: SecretConfig, db: KnexDb | undefined): Promise<Uint8Array> {
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

const FINGERPRINT = 'jwt-secret-fingerprint';

/**
 * Processes sharing a database that sign with different secrets each refuse the other's tokens: behind a
 * load balancer people are signed out at random and every refusal is logged as a forged token. The first
 * process to start records a fingerprint of its secret (an HMAC, which tells nothing of the secret); a
 * process whose secret gives another is refused.
 */
async function sameAsOthers(secret: Uint8Array, db: KnexDb): Promise<void> {
  const fingerprint = createHmac('sha256', secret).update('drinks: the JWT secret of this database').digest('hex');
  if ((await keptInDatabase(db, FINGERPRINT, () => fingerprint)) === fingerprint) return;
  throw new ConfigError(
    `JWT_SECRET: the other processes on this database sign with another secret, so each would refuse the ` +
      `other's tokens; give every process the same JWT_SECRET. To change it, stop them all, delete the ` +
      `'${FINGERPRINT}' row of the settings table, and start them with the new one.`,
  );
}
