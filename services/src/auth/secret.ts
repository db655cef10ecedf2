import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { KnexDb } from './db-port.js';

const SECRET_BYTES = 48;
const SETTINGS_KEY = 'jwt-secret';

type SecretConfig = Pick<Config, 'JWT_SECRET' | 'DATA_DIR' | 'DATABASE_URL'>;

/**
 * JWT_SECRET when set; else a generated secret kept in `${DATA_DIR}/jwt-secret`, or, with a shared
 * PostgreSQL (DATABASE_URL), in the `settings` table so every API process signs with the same key.
 */
export async function loadJwtSecret(config: SecretConfig, db?: KnexDb): Promise<Uint8Array> {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  if (config.DATABASE_URL) {
    if (!db) throw new Error('loadJwtSecret needs the database when DATABASE_URL is set.');
    return fromDatabase(db);
  }
  return fromFile(join(config.DATA_DIR, 'jwt-secret'));
}

async function fromFile(path: string): Promise<Uint8Array> {
  const existing = await readSecretFile(path);
  if (existing) return existing;
  await mkdir(join(path, '..'), { recursive: true });
  try {
    // 'wx': of two processes starting together, one creates and the other reads what it wrote.
    await writeFile(path, randomBytes(SECRET_BYTES).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const created = await readSecretFile(path);
  if (!created) throw new Error(`${path} is empty or too short; delete it or set JWT_SECRET.`);
  return created;
}

async function readSecretFile(path: string): Promise<Uint8Array | null> {
  let text: string;
  try {
    text = (await readFile(path, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.length < 32) throw new Error(`${path} holds fewer than 32 bytes of secret; delete it or set JWT_SECRET.`);
  return new Uint8Array(bytes);
}

async function fromDatabase(db: KnexDb): Promise<Uint8Array> {
  const { knex } = db;
  await createSettingsTable(db);
  await knex('settings')
    .insert({ key: SETTINGS_KEY, value: randomBytes(SECRET_BYTES).toString('base64url') })
    .onConflict('key')
    .ignore();
  const row = await knex('settings').where({ key: SETTINGS_KEY }).first('value');
  const bytes = Buffer.from(String(row?.value ?? ''), 'base64url');
  if (bytes.length < 32) throw new Error('The stored jwt-secret setting is too short; delete it or set JWT_SECRET.');
  return new Uint8Array(bytes);
}

/** The key-value `settings` table shared by generated secrets (JWT, VAPID). */
export async function createSettingsTable(db: KnexDb): Promise<void> {
  const create = () =>
    db.knex.raw('create table if not exists settings (key varchar(100) primary key, value text not null)');
  try {
    await create();
  } catch {
    // Two processes creating it at once on PostgreSQL can collide on the catalog; the second try sees it.
    await create();
  }
}
