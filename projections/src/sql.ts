import type { Knex } from 'knex';

// Helpers that keep every projection portable between SQLite and PostgreSQL:
// booleans as 0/1 integers, instants as ISO text in UTC (sorts as it reads),
// counts and bigints coerced from the strings pg returns.

/** SQLite allows 32,766 bound values per statement, PostgreSQL 65,535. */
const MAX_BINDINGS = 30_000;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const iso = (instant: string | Date): string => new Date(instant).toISOString();
export const flag = (b: boolean): number => (b ? 1 : 0);
export const isSet = (v: unknown): boolean => Number(v) === 1;
export const num = (v: unknown): number => Number(v ?? 0);

export async function createTableIfAbsent(
  db: Knex,
  name: string,
  build: (t: Knex.CreateTableBuilder) => void,
): Promise<void> {
  if (await db.schema.hasTable(name)) return;
  try {
    await db.schema.createTable(name, build);
  } catch (err) {
    // Another process may have created it between the check and the create.
    if (!(await db.schema.hasTable(name))) throw err;
  }
}

/** Multi-row upsert on `key`, split so each statement stays under the bindings limit. */
export async function upsertRows(
  trx: Knex | Knex.Transaction,
  table: string,
  key: string,
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return;
  const width = Object.keys(rows[0]!).length;
  for (const part of chunk(rows, Math.max(1, Math.floor(MAX_BINDINGS / width)))) {
    await trx(table).insert(part).onConflict(key).merge();
  }
}

/** Rows whose `column` is in `values`, fetched in bindings-sized slices. */
export async function selectIn<T>(
  db: Knex | Knex.Transaction,
  table: string,
  column: string,
  values: readonly string[],
): Promise<T[]> {
  const out: T[] = [];
  for (const part of chunk(values, 5_000)) out.push(...((await db(table).whereIn(column, part)) as T[]));
  return out;
}
