// Append throughput of the event log on SQLite (WAL, synchronous=FULL):
//   npx tsx scripts/bench/append-bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import type { NewEvent } from '@drinks/contracts';
import { openDatabase } from '../../services/src/db/database.js';
import { createEventStore } from '../../services/src/store/event-store.js';

export interface Row {
  case: string;
  perSecond: number;
  vsBaseline: string;
  target: string;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const IN_FLIGHT = 64;

const event = (user: string): NewEvent => ({ type: 'UserRenamed', data: { userId: user, name: 'Bench' }, tags: [`user:${user}`] });

function baseline(dir: string): number {
  const db = new Database(join(dir, 'baseline.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  const tx = db.transaction((v: string) => insert.run(v));
  let n = 0;
  const start = performance.now();
  const end = start + SECONDS * 1000;
  while (performance.now() < end) {
    tx(`row ${n}`);
    n += 1;
  }
  db.close();
  return n / ((performance.now() - start) / 1000);
}

async function storeBench(dir: string, workers: number): Promise<{ perSecond: number; verified: boolean }> {
  const db = await openDatabase({ dataDir: dir });
  const store = createEventStore(db);
  const acked: { id: string; position: number }[] = [];
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      let after = 0;
      while (performance.now() < end) {
        const query = [{ tags: [`user:w${w}`] }];
        const result = await store.append([event(`w${w}`)], { condition: { query, after } });
        after = result.lastPosition;
        for (const e of result.events) acked.push({ id: e.id, position: e.position });
      }
    }),
  );
  const perSecond = acked.length / ((performance.now() - start) / 1000);
  const log = await store.readAll(0, acked.length + 1);
  const byPosition = new Map(log.map((e) => [e.position, e.id]));
  const verified =
    log.length === acked.length &&
    log.every((e, i) => e.position === i + 1) &&
    acked.every((a) => byPosition.get(a.position) === a.id);
  await store.close();
  await db.close();
  return { perSecond, verified };
}

export async function runAppendBench(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'append-bench-'));
  try {
    const base = baseline(dir);
    const sequential = await storeBench(join(dir, 'sequential'), 1);
    const grouped = await storeBench(join(dir, 'grouped'), IN_FLIGHT);
    if (!sequential.verified || !grouped.verified) throw new Error('An acknowledged append is missing from the log');
    const ratio = (v: number) => `${((v / base) * 100).toFixed(0)}%`;
    return [
      { case: 'baseline: better-sqlite3 insert tx (WAL, FULL)', perSecond: Math.round(base), vsBaseline: '100%', target: '' },
      { case: 'store: sequential conditional append', perSecond: Math.round(sequential.perSecond), vsBaseline: ratio(sequential.perSecond), target: '>= 50%' },
      { case: `store: ${IN_FLIGHT} in flight (group commit)`, perSecond: Math.round(grouped.perSecond), vsBaseline: ratio(grouped.perSecond), target: '>= 300%' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await runAppendBench());
}
