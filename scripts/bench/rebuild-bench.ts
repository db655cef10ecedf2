// Rebuild throughput of every projection on SQLite over a synthetic log, run as `make rebuild` runs it:
//   npx tsx scripts/bench/rebuild-bench.ts        (BENCH_EVENTS=1000000 by default)
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import type { DomainEvent } from '@drinks/contracts';
import { ALL_PROJECTIONS } from '../../projections/src/index.js';
import { openDatabase } from '../../services/src/db/database.js';
import { createProjector } from '../../services/src/projector/projector.js';
import { createEventStore } from '../../services/src/store/event-store.js';
import { repoRoot } from '../../services/src/test-support/process.js';

export interface Row {
  case: string;
  perSecond: number;
  vsBaseline: string;
  target: string;
}

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
/** Each figure is the best of this many runs: on a shared machine the least disturbed run is the truest. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const bestOf = (runs: number, measure: () => number) => Math.max(...Array.from({ length: runs }, measure));
const USERS = 500;
const MENUS = 40;

/** A plausible log: users, catalog, shop changes, then orders that go through their lives, interleaved. */
function* syntheticLog(total: number): Generator<DomainEvent> {
  let n = 0;
  const emit = function* (e: DomainEvent) {
    if (n++ < total) yield e;
  };
  for (let u = 0; u < USERS; u++)
    yield* emit({
      type: 'UserRegistered',
      data: { userId: `u${u}`, email: `u${u}@woxa.tech`, name: `User ${u}`, role: 'user' },
    });
  for (let c = 0; c < 4; c++)
    yield* emit({
      type: 'CategoryCreated',
      data: { categoryId: `c${c}`, name: `Cat ${c}`, categoryFor: c < 3 ? 'cafe' : 'bar' },
    });
  for (let m = 0; m < MENUS; m++)
    yield* emit({
      type: 'MenuCreated',
      data: { menuId: `m${m}`, name: `Menu ${m}`, description: '-', categoryId: `c${m % 4}` },
    });
  const inFlight: { id: string; userId: string; day: string; step: number; fate: number }[] = [];
  let orders = 0;
  while (n < total) {
    const day = `2025-${String(1 + (Math.floor(orders / 60_000) % 12)).padStart(2, '0')}-${String(1 + (Math.floor(orders / 2_000) % 28)).padStart(2, '0')}`;
    const u = orders % USERS;
    const m = (orders * 7) % MENUS;
    const area = m % 4 === 3 ? 'bar' : 'cafe';
    const id = `o${orders++}`;
    yield* emit({
      type: 'OrderPlaced',
      data: {
        orderId: id,
        userId: `u${u}`,
        userName: `User ${u}`,
        menuId: `m${m}`,
        menuName: `Menu ${m}`,
        categoryId: `c${m % 4}`,
        categoryName: `Cat ${m % 4}`,
        categoryFor: area,
        type: area === 'cafe' ? 'hot' : null,
        sweetness: area === 'cafe' ? 50 : null,
        remark: '-',
        tumblerImage: null,
        businessDay: day,
      },
    });
    inFlight.push({ id, userId: `u${u}`, day, step: 0, fate: orders % 10 });
    // Advance a few older orders: their events land in later transactions than their placement.
    while (inFlight.length > 40 || (inFlight.length > 0 && orders % 3 === 0)) {
      const o = inFlight.shift()!;
      const ref = { orderId: o.id, userId: o.userId, businessDay: o.day, by: 'b' };
      if (o.fate === 0) yield* emit({ type: 'OrderCancelled', data: ref });
      else if (o.fate === 1) yield* emit({ type: 'OrderRejected', data: { ...ref, reason: 'Out of stock' } });
      else {
        yield* emit({ type: 'OrderStarted', data: ref });
        yield* emit({ type: 'OrderCompleted', data: ref });
        yield* emit({ type: 'OrderPickedUp', data: ref });
      }
      if (orders % 997 === 0)
        yield* emit({ type: 'UserRenamed', data: { userId: o.userId, name: `Renamed ${orders}` } });
      if (orders % 1_499 === 0)
        yield* emit({ type: 'ShopStatusChanged', data: { isCafeOpen: orders % 2 === 0, isBarOpen: true } });
      if (orders % 2_003 === 0)
        yield* emit({ type: 'MenuActivityChanged', data: { menuId: `m${m}`, isActive: 'active' } });
    }
  }
}

export function fillLog(file: string, total: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const insert = db.prepare(
    'INSERT INTO events (position, id, type, tags, data, metadata, occurred_at, schema_version) VALUES (?, ?, ?, ?, ?, ?, ?, 1)',
  );
  const start = Date.parse('2025-01-01T01:00:00.000Z');
  const batch = db.transaction((rows: DomainEvent[], first: number) => {
    rows.forEach((e, i) => {
      const position = first + i;
      insert.run(
        position,
        randomUUID(),
        e.type,
        '[]',
        JSON.stringify(e.data),
        '{}',
        new Date(start + position * 1_000).toISOString(),
      );
    });
  });
  let rows: DomainEvent[] = [];
  let position = 1;
  for (const e of syntheticLog(total)) {
    rows.push(e);
    if (rows.length === 50_000) {
      batch(rows, position);
      position += rows.length;
      rows = [];
    }
  }
  batch(rows, position);
  db.close();
}

/** What reading the log costs by itself: iterate and parse every row. */
function readBaseline(file: string): number {
  const db = new Database(file, { readonly: true });
  const started = performance.now();
  let n = 0;
  for (const row of db.prepare('SELECT data, metadata, tags FROM events ORDER BY position').iterate() as Iterable<
    Record<string, string>
  >) {
    JSON.parse(row.data!);
    JSON.parse(row.metadata!);
    JSON.parse(row.tags!);
    n++;
  }
  db.close();
  return n / ((performance.now() - started) / 1000);
}

/** What operators run (`make rebuild`): the rebuild command in its own process, on the bench's database. */
function rebuildCommand(dir: string, names: string[]): number {
  const cli = join(repoRoot(), 'services', 'dist', 'cli', 'rebuild.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run make build first`);
  const env = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL;
  const run = spawnSync(process.execPath, [cli, ...names], { env, encoding: 'utf8' });
  const rate = /\(([\d,]+) events\/s\)/.exec(run.stdout)?.[1];
  if (run.status !== 0 || !rate) throw new Error(`rebuild ${names.join(' ')} failed: ${run.stderr || run.stdout}`);
  return Number(rate.replaceAll(',', ''));
}

export async function runRebuildBench(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rebuild-bench-'));
  try {
    const db = await openDatabase({ dataDir: dir });
    fillLog(join(dir, 'drinks.sqlite'), EVENTS);
    const base = bestOf(RUNS, () => readBaseline(join(dir, 'drinks.sqlite')));
    const store = createEventStore(db);
    const projector = createProjector({ db, store, projections: ALL_PROJECTIONS, timeZone: 'Asia/Bangkok' });
    await projector.migrate();
    await store.close();
    await db.close();
    const all = bestOf(RUNS, () => rebuildCommand(dir, []));
    const orders = bestOf(RUNS, () => rebuildCommand(dir, ['orders']));
    const check = await openDatabase({ dataDir: dir });
    const count = Number((await check.knex('rm_orders').count({ n: '*' }).first())?.n);
    const placed = Number((await check.knex('events').where('type', 'OrderPlaced').count({ n: '*' }).first())?.n);
    const reached = Number((await check.knex('checkpoints').min({ p: 'position' }).first())?.p);
    await check.close();
    if (reached !== EVENTS || count !== placed)
      throw new Error(`Rebuild incomplete: at ${reached} of ${EVENTS} events, ${count}/${placed} orders`);
    const ratio = (v: number) => `${((v / base) * 100).toFixed(0)}%`;
    return [
      {
        case: `baseline: read + JSON.parse ${EVENTS.toLocaleString('en-US')} events (best of ${RUNS})`,
        perSecond: Math.round(base),
        vsBaseline: '100%',
        target: '',
      },
      {
        case: `rebuild: every projection (make rebuild, best of ${RUNS})`,
        perSecond: all,
        vsBaseline: ratio(all),
        target: '>= 100000/s',
      },
      {
        case: `rebuild: orders only (make rebuild ARGS=orders, best of ${RUNS})`,
        perSecond: orders,
        vsBaseline: ratio(orders),
        target: '>= 100000/s',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await runRebuildBench());
}
