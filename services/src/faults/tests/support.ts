import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tag, type NewEvent, type StoredEvent } from '@drinks/contracts';
import { ALL_PROJECTIONS } from '@drinks/projections';
import { SignJWT } from 'jose';
import type { Knex } from 'knex';
import { openDatabase, type Db } from '../../db/database.js';
import { createProjector } from '../../projector/projector.js';
import { createEventStore } from '../../store/event-store.js';
import type { EventStore } from '../../store/types.js';

export const JWT_SECRET = 'd216aaee45b7c0f9617cdd986e74122224141ea7b3f7da95a752a8182d814f15';
/** A Wednesday, 10:00 in Bangkok: both the cafe rules and the Friday cut-off stay out of the way. */
export const FAKE_NOW = '2025-06-11T03:00:00.000Z';
export const TZ = 'Asia/Bangkok';

/** Access tokens the server accepts when it runs with JWT_SECRET (and the default issuer/audience). */
export async function mintToken(userId: string, secret = JWT_SECRET): Promise<string> {
  const now = Math.floor(Date.parse(FAKE_NOW) / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject(userId)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 24 * 3600)
    .setIssuer('drinks')
    .setAudience('drinks-app')
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(secret));
}

/**
 * Registers `count` users with one append of UserRegistered events: no password hash and
 * no credentials (their tokens are minted), which is what makes hundreds of users cheap.
 */
export async function seedUsers(store: EventStore, count: number): Promise<{ ids: string[]; position: number }> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const events: NewEvent[] = ids.map((userId, i) => {
    const email = `load${i}-${userId.slice(0, 8)}@woxa.tech`;
    return {
      type: 'UserRegistered',
      data: { userId, email, name: `Load ${letters(i)}`, role: 'user' },
      tags: [tag.user(userId), `email:${email}`],
    };
  });
  const result = await store.append(events, { metadata: { actor: 'fault-test' } });
  return { ids, position: result.lastPosition };
}

const letters = (i: number) => String.fromCharCode(65 + (i % 26)) + String.fromCharCode(65 + (Math.floor(i / 26) % 26));

/** Every row of every read-model table, sorted, for a row-for-row comparison. */
export async function dumpReadModels(knex: Knex | Knex.Transaction): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of ALL_PROJECTIONS.flatMap((p) => p.tables).sort()) {
    const rows = (await knex(table).select()) as Record<string, unknown>[];
    out[table] = rows
      .map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)))))
      .sort();
  }
  return out;
}

/** Every event of the log, in position order. */
export async function readLog(store: Pick<EventStore, 'readAll'>): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for (;;) {
    const batch = await store.readAll(out.length ? out[out.length - 1]!.position : 0, 5000);
    if (batch.length === 0) return out;
    out.push(...batch);
  }
}

/**
 * Copies the SQLite database of `dataDir` (with its WAL) to a fresh dir, rebuilds every
 * projection there from the log and returns the rebuilt read models.
 */
export async function rebuildCopy(
  dataDir: string,
): Promise<{ tables: Record<string, string[]>; stats: Awaited<ReturnType<typeof statsOf>> }> {
  const copy = mkdtempSync(join(tmpdir(), 'drinks-rebuild-'));
  try {
    for (const suffix of ['', '-wal', '-shm']) {
      const file = join(dataDir, `drinks.sqlite${suffix}`);
      if (existsSync(file)) copyFileSync(file, join(copy, `drinks.sqlite${suffix}`));
    }
    const db = await openDatabase({ dataDir: copy });
    try {
      return { tables: await rebuildAndDump(db), stats: await statsOf(db.knex) };
    } finally {
      await db.close();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Rebuilds every projection of `db` from its log and dumps the read models. */
export async function rebuildAndDump(db: Db): Promise<Record<string, string[]>> {
  const store = createEventStore(db);
  const projector = createProjector({ db, store, projections: ALL_PROJECTIONS, timeZone: TZ });
  await projector.migrate();
  await projector.rebuild();
  return dumpReadModels(db.knex);
}

export interface HttpAnswer<T = any> {
  status: number;
  body: T;
}

/** One JSON call; a refused or reset connection answers status 0. */
export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  token?: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer<T>> {
  try {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T };
  } catch {
    return { status: 0, body: undefined as T };
  }
}

export async function waitUntil(
  ok: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** OrderPlaced events per order id. */
export function placedCounts(log: readonly StoredEvent[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of log) if (e.type === 'OrderPlaced') counts.set(e.data.orderId, (counts.get(e.data.orderId) ?? 0) + 1);
  return counts;
}

/** The statistics the dashboard shows, for the fixed test day. */
export async function statsOf(knex: Knex, day = '2025-06-11') {
  const { popularMenus, totalOrders, summary } = await import('@drinks/projections');
  return {
    popular: await popularMenus(knex),
    popularCafe: await popularMenus(knex, { categoryFor: 'cafe' }),
    total: await totalOrders(knex),
    summary: await summary(knex, day),
  };
}
