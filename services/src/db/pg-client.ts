import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// knex has no public hook for the query config it hands to pg: extend its PostgreSQL client.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- knex's internal classes are untyped
type Ctor = new (...args: any[]) => any;
const PgClient = require('knex/lib/dialects/postgres/index.js') as Ctor;

/** A connection's statements beyond this many run unnamed: a session's prepared statements stay until it ends. */
const MAX_PREPARED_PER_CONNECTION = 500;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** PostgreSQL's answer when a prepared statement's result columns changed under it (a column added). */
const CACHED_PLAN_CHANGED = '0A000';

interface Prepared {
  /** Names this connection has prepared (or is preparing). */
  names: Set<string>;
  /** Names whose plan stopped fitting its table: run unnamed from then on. */
  stale: Set<string>;
}

interface KnexQuery {
  sql: string;
  bindings?: unknown[];
  options?: { name?: string };
}

const perConnection = new WeakMap<object, Prepared>();
const names = new Map<string, string>();

/** One name per statement text, so a name never stands for two texts (pg refuses that). */
export function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    if (names.size >= 10_000) names.clear();
    name = `k${createHash('sha1').update(sql).digest('base64url').slice(0, 22)}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * knex's PostgreSQL client with every data statement prepared once per connection (a named statement):
 * PostgreSQL then skips parsing and, once its plan settles, planning. On two shared cores the database's
 * work per statement is what a command waits for: PlaceOrder went from ~200 to ~250 a second, a barista's
 * Start and Complete from ~400 to ~580 (docs/benchmarks.md).
 */
export class PreparingPgClient extends PgClient {
  async _query(connection: object, obj: KnexQuery): Promise<unknown> {
    const name = this.nameFor(connection, obj);
    if (!name) return super._query(connection, obj);
    obj.options = { ...obj.options, name };
    try {
      return await super._query(connection, obj);
    } catch (err) {
      if ((err as { code?: string }).code !== CACHED_PLAN_CHANGED) throw err;
      perConnection.get(connection)!.stale.add(name);
      obj.options = { ...obj.options, name: undefined };
      // Outside a transaction the statement runs again unnamed; inside one, the transaction has failed
      // and the caller sees the first error (the statement runs unnamed on its next call).
      return super._query(connection, obj).catch(() => Promise.reject(err));
    }
  }

  private nameFor(connection: object, obj: KnexQuery): string | undefined {
    if (!obj.bindings?.length || obj.options?.name !== undefined || !PREPARABLE.test(obj.sql)) return undefined;
    let prepared = perConnection.get(connection);
    if (!prepared) perConnection.set(connection, (prepared = { names: new Set(), stale: new Set() }));
    const name = statementName(obj.sql);
    if (prepared.stale.has(name)) return undefined;
    if (!prepared.names.has(name)) {
      if (prepared.names.size >= MAX_PREPARED_PER_CONNECTION) return undefined;
      prepared.names.add(name);
    }
    return name;
  }
}
