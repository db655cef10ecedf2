import type { Db } from '../db/database.js';

/** The part of the db layer's `Db` that auth uses. */
export type KnexDb = Pick<Db, 'knex' | 'dialect' | 'writeTransaction'>;

export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
