import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';

/** SQLITE_ONLY=1 (the fast test loop) leaves PostgreSQL out; the full suite runs both. */
export const BACKENDS = process.env.SQLITE_ONLY === '1' ? (['sqlite'] as const) : (['sqlite', 'pg'] as const);
export type Backend = 'sqlite' | 'pg';

export interface TestKnex {
  knex: Knex;
  cleanup(): Promise<void>;
}

const FALLBACK_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh database for projections alone: a temp file on SQLite; a schema of its own on PostgreSQL. */
export async function testKnex(backend: Backend): Promise<TestKnex> {
  if (backend === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), 'drinks-projections-'));
    const knex = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: join(dir, 'test.sqlite') },
      useNullAsDefault: true,
      pool: { min: 1, max: 1 },
    });
    return {
      knex,
      async cleanup() {
        await knex.destroy();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const knex = knexFactory({
    client: 'pg',
    connection: process.env.DATABASE_URL ?? FALLBACK_PG_URL,
    pool: { min: 0, max: 4 },
    searchPath: [schema],
  });
  await knex.raw('create schema ??', [schema]);
  return {
    knex,
    async cleanup() {
      try {
        await knex.raw('drop schema if exists ?? cascade', [schema]);
      } finally {
        await knex.destroy();
      }
    },
  };
}
