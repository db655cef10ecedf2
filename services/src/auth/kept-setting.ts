import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KnexDb } from './db-port.js';

/** A generated value (a secret, a key pair) as stored, and where, for messages that tell what to delete. */
export interface KeptSetting {
  text: string;
  where: string;
}

/**
 * A value generated at first start and kept: in the file `dataDir/name` (0600; or `fileName`), or, with a shared
 * PostgreSQL (`db` given), in the `settings` table under `name`, so every process uses the same one.
 * Of two processes starting together, one writes it and the other reads what it wrote.
 */
export async function keptSetting(options: {
  name: string;
  /** The file's name in dataDir, when not `name`. */
  fileName?: string;
  dataDir: string;
  db?: KnexDb | undefined;
  generate: () => string;
}): Promise<KeptSetting> {
  const { name, generate } = options;
  if (options.db) return { text: await keptInDatabase(options.db, name, generate), where: `the ${name} setting` };
  const path = join(options.dataDir, options.fileName ?? name);
  const existing = await readIfPresent(path);
  if (existing !== null) return { text: existing, where: path };
  await mkdir(options.dataDir, { recursive: true });
  try {
    await writeFile(path, generate(), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return { text: (await readIfPresent(path)) ?? '', where: path };
}

/**
 * The value kept under `name` in the database's `settings` table, generated and written by whichever process
 * asks first; every later one (also one starting at the same moment) reads that one.
 */
export async function keptInDatabase(db: KnexDb, name: string, generate: () => string): Promise<string> {
  await createSettingsTable(db);
  await db.knex('settings').insert({ key: name, value: generate() }).onConflict('key').ignore();
  const row = await db.knex('settings').where({ key: name }).first('value');
  return String(row?.value ?? '');
}

async function readIfPresent(path: string): Promise<string | null> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The key-value `settings` table shared by generated values (JWT secret, VAPID keys). */
async function createSettingsTable(db: KnexDb): Promise<void> {
  const create = () =>
    db.knex.raw('create table if not exists settings (key varchar(100) primary key, value text not null)');
  try {
    await create();
  } catch {
    // Two processes creating it at once on PostgreSQL can collide on the catalog; the second try sees it.
    await create();
  }
}
