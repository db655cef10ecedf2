import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, testKnex, type TestKnex } from './test-support/database.js';
import { createTableIfAbsent, selectIn, upsertRows } from './sql.js';

const TABLE = 'rm_sql_helpers_test';
const row = (id: number, v: string) => ({ id: `k${id}`, v });

describe.each(BACKENDS)('the SQL helpers on %s', (backend) => {
  let db: TestKnex;
  beforeEach(async () => {
    db = await testKnex(backend);
    await createTableIfAbsent(db.knex, TABLE, (t) => {
      t.string('id', 16).primary();
      t.text('v').notNullable();
    });
  });
  afterEach(async () => db.cleanup());

  describe('when a transaction upserts more rows than one statement holds', () => {
    it('writes every row, the later of two rows with one key winning', async () => {
      // 70 rows: two full multi-row statements on SQLite and a remainder of single rows.
      const first = Array.from({ length: 70 }, (_, i) => row(i, 'a'));
      await db.knex.transaction((trx) => upsertRows(trx, TABLE, 'id', first));
      const second = [row(3, 'b'), ...Array.from({ length: 40 }, (_, i) => row(i + 60, 'c'))];
      await db.knex.transaction((trx) => upsertRows(trx, TABLE, 'id', second));
      await db.knex.transaction((trx) => upsertRows(trx, TABLE, 'id', [row(3, 'kept?'), row(200, 'new')], true));

      const rows = (await db.knex(TABLE).orderBy('id')) as { id: string; v: string }[];
      const byId = new Map(rows.map((r) => [r.id, r.v]));
      expect(rows).toHaveLength(101);
      expect(byId.get('k3')).toBe('b');
      expect(byId.get('k59')).toBe('a');
      expect(byId.get('k65')).toBe('c');
      expect(byId.get('k99')).toBe('c');
      expect(byId.get('k200')).toBe('new');
      if (backend === 'sqlite') {
        // Within one multi-row statement too (callers on PostgreSQL never repeat a key in one call).
        const repeated = Array.from({ length: 64 }, (_, i) => row(i % 2, `r${i}`));
        await db.knex.transaction((trx) => upsertRows(trx, TABLE, 'id', repeated));
        expect((await db.knex(TABLE).whereIn('id', ['k0', 'k1']).orderBy('id')).map((r: { v: string }) => r.v)).toEqual(
          ['r62', 'r63'],
        );
      }
    });
  });

  describe('when a transaction looks rows up by key', () => {
    it('finds exactly the stored ones, across slices', async () => {
      await db.knex.transaction((trx) =>
        upsertRows(
          trx,
          TABLE,
          'id',
          Array.from({ length: 450 }, (_, i) => row(i, 'x')),
        ),
      );
      const wanted = [...Array.from({ length: 430 }, (_, i) => `k${i * 2}`), 'missing'];
      const found = await db.knex.transaction((trx) => selectIn<{ id: string; v: string }>(trx, TABLE, 'id', wanted));
      expect(found.map((r) => r.id).sort()).toEqual(Array.from({ length: 225 }, (_, i) => `k${i * 2}`).sort());
      expect(await db.knex.transaction((trx) => selectIn(trx, TABLE, 'id', []))).toEqual([]);
    });
  });
});
