import type { Knex } from 'knex';

export interface Statement {
  sql: string;
  bindings: Knex.RawBinding[];
}

/** What `action` returns, and the statements it sent through `knex`, in order. */
export async function statementsOf<T>(knex: Knex, action: () => Promise<T>): Promise<[T, Statement[]]> {
  const sent: Statement[] = [];
  const listen = (q: Statement) => sent.push(q);
  knex.on('query', listen);
  try {
    return [await action(), sent];
  } finally {
    knex.off('query', listen);
  }
}

/** SQLite's plan of a statement: one line per step (`SEARCH o USING INDEX … (user_id=?)`). */
export async function planOf(knex: Knex, statement: Statement): Promise<string[]> {
  const plan = (await knex.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, statement.bindings)) as { detail: string }[];
  return plan.map((step) => step.detail);
}
