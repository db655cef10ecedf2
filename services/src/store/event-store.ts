import type { NewEvent, StoredEvent } from '@drinks/contracts';
import type { Db } from '../db/database.js';
import { createBackend, type Exec, type Insert } from './backend.js';
import {
  EVENT_COLUMNS,
  SELECT_BETWEEN,
  SELECT_HEAD,
  SELECT_IDEMPOTENCY,
  SELECT_RANGE,
  SELECT_RECALL,
  selectConflict,
  selectHeadAndMatching,
  toStoredEvent,
  type EventValues,
} from './sql.js';
import {
  ConcurrencyError,
  type Refusal,
  type AppendOptions,
  type AppendResult,
  type EventQuery,
  type EventStore,
  type Recalled,
} from './types.js';

import { UPCASTERS, upcasterChain, type Upcaster } from './upcasters.js';
import { matchesQuery } from './query-match.js';
import { uuidv7 } from './uuid.js';
import { appendedChannel } from '../db/notify.js';

export interface EventStoreOptions {
  upcasters?: readonly Upcaster[];
  /**
   * Most appends committed in one transaction: 256 on SQLite; 64 on PostgreSQL, where more
   * subtransactions than that overflow each backend's cache and slow every snapshot.
   */
  maxGroupSize?: number;
  /** The time recorded on events (pinned in tests and FAKE_NOW demos); ids keep real time. */
  clock?: () => Date;
}

interface Pending {
  events: NewEvent[];
  options: AppendOptions;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}
/** SELECT_RECALL's row: the key's recorded append, its recorded refusal, or nulls for a new key. */
interface RecallRow {
  first_position: number | string | null;
  last_position: number | string | null;
  status: number | string | null;
  code: string | null;
  detail: string | null;
}
type Outcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };
/** Thrown inside a group's transaction to undo it and retry the group one append at a time. */
const ONE_BY_ONE = Symbol('one append at a time');

/** The group's rows as one insert per table, in the order the tables were first named. */
function mergeInserts(inserts: readonly Insert[]): Insert[] {
  const byTable = new Map<string, Insert>();
  for (const i of inserts) {
    const merged = byTable.get(i.table);
    if (merged) merged.rows.push(...i.rows);
    else byTable.set(i.table, { ...i, rows: [...i.rows] });
  }
  return [...byTable.values()];
}

/**
 * The event log on SQLite or PostgreSQL. Appends are group-committed: those that arrive while a
 * transaction runs share the next one, each behind its own savepoint, so one fsync covers them all
 * and a failed condition rejects only its own append.
 */
export function createEventStore(db: Db, opts: EventStoreOptions = {}): EventStore {
  const backend = createBackend(db);
  const upcasters = upcasterChain(opts.upcasters ?? UPCASTERS);
  const clock = opts.clock;
  const maxGroupSize = opts.maxGroupSize ?? (db.dialect === 'pg' ? 64 : 256);
  const listeners = new Set<(head: number) => void>();
  const queue: Pending[] = [];
  let draining: Promise<void> | null = null;
  let closed = false;

  const toEvents = (rows: EventValues[]) => rows.map((row) => toStoredEvent(row, upcasters));
  const headOf = async (x: Exec) => Number((await x.all<{ head: number | string }>(SELECT_HEAD, []))[0]?.head ?? 0);

  // Each append runs behind its own savepoint: whatever fails (a conflict, a bad value) undoes only
  // that append, and the group's transaction stays usable (PostgreSQL aborts it on any error otherwise).
  // A failing savepoint statement itself throws: the transaction is then unusable and the group fails.
  async function appendOne(x: Exec, p: Pending, head: number): Promise<Outcome> {
    await x.run('SAVEPOINT append_one', []);
    let outcome: Outcome;
    try {
      outcome = { ok: true, result: await appendInSavepoint(x, p, head) };
    } catch (error) {
      outcome = { ok: false, error };
      if (!(error instanceof ConcurrencyError)) await x.run('ROLLBACK TO SAVEPOINT append_one', []);
    }
    await x.release('append_one');
    return outcome;
  }

  /** What a key's append recorded (positions first..last), as its repeat answers it. */
  async function appended(x: Exec, first: number | string, last: number | string): Promise<AppendResult> {
    const rows = await x.values<EventValues>(SELECT_BETWEEN, [first, last]);
    return { events: toEvents(rows), lastPosition: Number(last), duplicate: true };
  }

  async function recallIn(x: Exec, key: string): Promise<AppendResult | null> {
    const [seen] = await x.all<{ first_position: number | string; last_position: number | string }>(
      SELECT_IDEMPOTENCY,
      [key],
    );
    return seen ? appended(x, seen.first_position, seen.last_position) : null;
  }

  async function appendInSavepoint(x: Exec, p: Pending, head: number): Promise<AppendResult> {
    const metadata = p.options.metadata ?? {};
    const key = metadata.idempotencyKey;
    if (key !== undefined) {
      const seen = await recallIn(x, key);
      if (seen) return seen;
    }
    const condition = p.options.condition;
    const conflict = condition && selectConflict(condition.query, condition.after);
    if (conflict && (await x.all(conflict.text, conflict.params)).length > 0) throw new ConcurrencyError();
    const { result, inserts } = stamp(p, head);
    if (result.events.length > 0) await x.insert(...inserts);
    return result;
  }

  /** The append's events with their positions, ids and time, and the rows that store them. */
  function stamp(p: Pending, head: number): { result: AppendResult; inserts: Insert[] } {
    const metadata = p.options.metadata ?? {};
    const key = metadata.idempotencyKey;
    if (p.events.length === 0) return { result: { events: [], lastPosition: head, duplicate: false }, inserts: [] };

    const now = Date.now();
    const occurredAt = (clock ? clock() : new Date(now)).toISOString();
    const stored = p.events.map(
      (e, i) =>
        ({
          ...e,
          tags: [...new Set(e.tags)],
          position: head + i + 1,
          id: uuidv7(now),
          metadata,
          occurredAt,
          schemaVersion: upcasters.currentVersion(e.type),
        }) as StoredEvent,
    );
    const last = head + stored.length;
    const meta = JSON.stringify(metadata);
    const inserts: Insert[] = [
      {
        table: 'events',
        columns: EVENT_COLUMNS,
        rows: stored.map((e) => [
          e.position,
          e.id,
          e.type,
          JSON.stringify(e.tags),
          JSON.stringify(e.data),
          meta,
          occurredAt,
          e.schemaVersion,
        ]),
      },
      {
        table: 'event_tags',
        columns: ['tag', 'type', 'position'],
        rows: stored.flatMap((e) => e.tags.map((t) => [t, e.type, e.position])),
      },
      {
        table: 'idempotency',
        columns: ['key', 'first_position', 'last_position'],
        rows: key === undefined ? [] : [[key, head + 1, last]],
      },
    ];
    return { result: { events: stored, lastPosition: last, duplicate: false }, inserts };
  }

  /**
   * The whole group in a constant number of statements: its idempotency keys in one query, its
   * conditions against the log in one query and against each other in memory, its rows in one insert.
   * A round trip per append would cap PostgreSQL at one append per few round trips, however large the
   * group. Should the insert fail (a bad value), the group is undone and goes one append at a time.
   */
  async function decideGroup(x: Exec, group: Pending[], start: number): Promise<Outcome[] | typeof ONE_BY_ONE> {
    const keys = [...new Set(group.map((p) => p.options.metadata?.idempotencyKey).filter((k) => k !== undefined))];
    const seen = new Map<string, { first: number; last: number }>();
    if (keys.length > 0) {
      const rows = await x.all<{ key: string; first_position: number | string; last_position: number | string }>(
        `SELECT key, first_position, last_position FROM idempotency WHERE key IN (${keys.map(() => '?').join(', ')})`,
        keys,
      );
      for (const r of rows) seen.set(r.key, { first: Number(r.first_position), last: Number(r.last_position) });
    }
    const checks = group.flatMap((p, i) => {
      const c = p.options.condition;
      const sql = c && selectConflict(c.query, c.after);
      return sql ? [{ i, sql }] : [];
    });
    const conflicted = new Set<number>();
    const hits = await x.hits(checks.map(({ sql }) => sql));
    hits.forEach((hit, n) => hit && conflicted.add(checks[n]!.i));

    const outcomes: Outcome[] = [];
    const accepted: StoredEvent[] = [];
    const earlier = new Map<string, AppendResult>();
    const inserts: Insert[] = [];
    let head = start;
    for (const [i, p] of group.entries()) {
      const key = p.options.metadata?.idempotencyKey;
      const stored = key === undefined ? undefined : seen.get(key);
      const sibling = key === undefined ? undefined : earlier.get(key);
      if (stored) {
        const rows = await x.values<EventValues>(SELECT_BETWEEN, [stored.first, stored.last]);
        outcomes.push({ ok: true, result: { events: toEvents(rows), lastPosition: stored.last, duplicate: true } });
        continue;
      }
      if (sibling) {
        outcomes.push({ ok: true, result: { ...sibling, duplicate: true } });
        continue;
      }
      const query = p.options.condition?.query;
      // Events accepted earlier in this group all lie after the condition's position (it was read
      // before the group's head), so any of them that matches is a conflict.
      if (conflicted.has(i) || (query && accepted.some((e) => matchesQuery(query, e)))) {
        outcomes.push({ ok: false, error: new ConcurrencyError() });
        continue;
      }
      let stamped: ReturnType<typeof stamp>;
      try {
        stamped = stamp(p, head);
      } catch (error) {
        outcomes.push({ ok: false, error });
        continue;
      }
      const { result } = stamped;
      outcomes.push({ ok: true, result });
      if (result.events.length === 0) continue;
      accepted.push(...result.events);
      inserts.push(...stamped.inserts);
      if (key !== undefined) earlier.set(key, result);
      head = result.lastPosition;
    }
    if (inserts.length > 0) {
      try {
        await x.insert(...mergeInserts(inserts));
      } catch {
        return ONE_BY_ONE;
      }
    }
    return outcomes;
  }

  async function commitGroup(group: Pending[]): Promise<void> {
    let outcomes: Outcome[] = [];
    let start = 0;
    let head = 0;
    const write = (decide: (x: Exec) => Promise<Outcome[] | typeof ONE_BY_ONE>) =>
      backend.write(async (x) => {
        head = start = await headOf(x);
        const decided = await decide(x);
        if (decided === ONE_BY_ONE) throw decided; // undoes the transaction
        outcomes = decided;
        for (const o of outcomes) if (o.ok && !o.result.duplicate) head = Math.max(head, o.result.lastPosition);
        // Delivered at COMMIT to the relays and projectors of other processes (LISTEN), so they need not poll.
        if (db.dialect === 'pg' && head > start)
          await x.all('SELECT pg_notify(?, ?)', [appendedChannel(db.schema), String(head)]);
      });
    const oneByOne = async (x: Exec) => {
      const done: Outcome[] = [];
      let at = start;
      for (const p of group) {
        const outcome = await appendOne(x, p, at);
        if (outcome.ok && !outcome.result.duplicate) at = outcome.result.lastPosition;
        done.push(outcome);
      }
      return done;
    };
    try {
      try {
        await write((x) => decideGroup(x, group, start));
      } catch (error) {
        if (error !== ONE_BY_ONE) throw error;
        await write(oneByOne);
      }
    } catch (error) {
      for (const p of group) p.reject(error);
      return;
    }
    // Settled only now: nobody hears "appended" (or "conflict") before the group's COMMIT returned.
    group.forEach((p, i) => {
      const o = outcomes[i]!;
      if (o.ok) p.resolve(o.result);
      else p.reject(o.error);
    });
    if (head > start) {
      for (const listener of listeners) {
        try {
          listener(head);
        } catch {
          // a listener's failure is its own; the append has committed
        }
      }
    }
  }

  async function drain(): Promise<void> {
    // Yield once so that appends issued together in this turn of the event loop share a group.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) await commitGroup(queue.splice(0, maxGroupSize));
    draining = null;
  }

  const ensureOpen = () => {
    if (closed) throw new Error('The event store is closed');
  };

  return {
    read: async (query: EventQuery) => {
      ensureOpen();
      // The head bounds the match, in the same statement: the result is exactly the matching events up to it.
      return backend.read(async (x) => {
        const sql = selectHeadAndMatching(query);
        const [head, ...rows] = await x.values<EventValues>(sql.text, sql.params);
        return { events: toEvents(rows), position: Number(head?.[0] ?? 0) };
      });
    },
    append: (events: NewEvent[], options: AppendOptions = {}) => {
      return new Promise<AppendResult>((resolve, reject) => {
        ensureOpen();
        const after = options.condition?.after;
        if (after !== undefined && !(Number.isSafeInteger(after) && after >= 0)) {
          throw new TypeError(`The condition's position must be a whole number >= 0, not ${after}`);
        }
        queue.push({ events, options, resolve, reject });
        draining ??= drain();
      });
    },
    recall: async (key: string) => {
      ensureOpen();
      return backend.read(async (x): Promise<Recalled | null> => {
        // The key's append and its refusal in one statement: a new key, the common case, costs one.
        const [row] = await x.all<RecallRow>(SELECT_RECALL, [key]);
        if (row?.first_position != null && row.last_position != null) {
          return { appended: await appended(x, row.first_position, row.last_position) };
        }
        if (row?.code != null) {
          return { refused: { status: Number(row.status), code: String(row.code), detail: String(row.detail) } };
        }
        return null;
      });
    },
    rememberRefusal: async (key: string, refusal: Refusal) => {
      ensureOpen();
      await db
        .knex('idempotency_refusals')
        .insert({ key, ...refusal })
        .onConflict('key')
        .ignore();
    },
    readAll: async (after: number, limit: number) => {
      ensureOpen();
      if (limit <= 0) return [];
      return backend.read(async (x) =>
        toEvents(await x.values<EventValues>(SELECT_RANGE, [Math.max(0, after), limit])),
      );
    },
    head: async () => {
      ensureOpen();
      return backend.read(headOf);
    },
    onAppended(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      closed = true;
      await draining;
      listeners.clear();
    },
  };
}
