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
const ROUNDS = 30;

const event = (user: string): NewEvent => ({
  type: 'UserRenamed',
  data: { userId: user, name: 'Bench' },
  tags: [`user:${user}`],
});

interface Case {
  /** Runs for `ms` and returns how many appends (transactions) were acknowledged. */
  slice(ms: number): Promise<number>;
  /** Checks the log and closes; true when every acknowledged append is in it. */
  finish(): Promise<boolean>;
}

function baseline(dir: string): Case {
  const db = new Database(join(dir, 'baseline.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  const tx = db.transaction((v: string) => insert.run(v));
  return {
    async slice(ms) {
      let n = 0;
      for (const end = performance.now() + ms; performance.now() < end; n += 1) tx(`row ${n}`);
      return n;
    },
    async finish() {
      db.close();
      return true;
    },
  };
}

async function storeCase(dir: string, workers: number): Promise<Case> {
  const db = await openDatabase({ dataDir: dir });
  const store = createEventStore(db);
  const acked: { id: string; position: number }[] = [];
  const after = new Array<number>(workers).fill(0);
  return {
    async slice(ms) {
      const before = acked.length;
      const end = performance.now() + ms;
      await Promise.all(
        after.map(async (_, w) => {
          while (performance.now() < end) {
            const query = [{ tags: [`user:w${w}`] }];
            const result = await store.append([event(`w${w}`)], { condition: { query, after: after[w]! } });
            after[w] = result.lastPosition;
            for (const e of result.events) acked.push({ id: e.id, position: e.position });
          }
        }),
      );
      return acked.length - before;
    },
    async finish() {
      const log = await store.readAll(0, acked.length + 1);
      const byPosition = new Map(log.map((e) => [e.position, e.id]));
      await store.close();
      await db.close();
      return (
        log.length === acked.length &&
        log.every((e, i) => e.position === i + 1) &&
        acked.every((a) => byPosition.get(a.position) === a.id)
      );
    },
  };
}

export async function runAppendBench(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'append-bench-'));
  try {
    const cases = [
      baseline(dir),
      await storeCase(join(dir, 'sequential'), 1),
      await storeCase(join(dir, 'grouped'), IN_FLIGHT),
    ];
    // Interleaved slices, so that the disk's fsync latency drifting over time hits every case alike.
    const counts = cases.map(() => 0);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, c] of cases.entries()) counts[i]! += await c.slice((SECONDS * 1000) / ROUNDS);
    }
    const verified = await Promise.all(cases.map((c) => c.finish()));
    if (verified.includes(false)) throw new Error('An acknowledged append is missing from the log');
    const [base, sequential, grouped] = counts.map((n) => n / SECONDS) as [number, number, number];
    const ratio = (v: number) => `${((v / base) * 100).toFixed(0)}%`;
    return [
      {
        case: 'baseline: better-sqlite3 insert tx (WAL, FULL)',
        perSecond: Math.round(base),
        vsBaseline: '100%',
        target: '',
      },
      {
        case: 'store: sequential conditional append',
        perSecond: Math.round(sequential),
        vsBaseline: ratio(sequential),
        target: '>= 50%',
      },
      {
        case: `store: ${IN_FLIGHT} in flight (group commit)`,
        perSecond: Math.round(grouped),
        vsBaseline: ratio(grouped),
        target: '>= 300%',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await runAppendBench());
}
