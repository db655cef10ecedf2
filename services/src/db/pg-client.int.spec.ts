import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabase, WITH_PG, type TestDb } from '../test-support/db.js';
import { statementName } from './pg-client.js';

/** The named statements of the connection `k` runs on (a transaction pins one). */
async function preparedNames(k: Knex.Transaction): Promise<string[]> {
  const { rows } = (await k.raw('select name from pg_prepared_statements order by name')) as {
    rows: { name: string }[];
  };
  return rows.map((r) => r.name);
}

describe.skipIf(!WITH_PG)('PostgreSQL statements', () => {
  let db: TestDb;
  beforeEach(async () => {
    db = await testDatabase('pg');
  });
  afterEach(() => db.cleanup());

  it('prepares a data statement once per connection, named by its text; others run unnamed', async () => {
    const sql = 'select ?::int + 1 as n';
    await db.knex.transaction(async (trx) => {
      const before = await preparedNames(trx);
      expect((await trx.raw(sql, [1])).rows).toEqual([{ n: 2 }]);
      expect((await trx.raw(sql, [41])).rows).toEqual([{ n: 42 }]);
      await trx.raw('select 1 as unbound');
      const added = (await preparedNames(trx)).filter((n) => !before.includes(n));
      expect(added).toEqual([statementName('select $1::int + 1 as n')]);
    });
  });

  it('answers with the new columns after a column is added under a prepared statement', async () => {
    await db.knex.schema.createTable('probe', (t) => {
      t.integer('a');
    });
    await db.knex('probe').insert({ a: 1 });
    // One query at a time: the pool hands each the same connection, where the statement was prepared.
    expect(await db.knex('probe').where('a', 1).select('*')).toEqual([{ a: 1 }]);
    await db.knex.raw('alter table probe add column b integer default 7');
    for (let i = 0; i < 3; i++) expect(await db.knex('probe').where('a', 1).select('*')).toEqual([{ a: 1, b: 7 }]);
  });
});
