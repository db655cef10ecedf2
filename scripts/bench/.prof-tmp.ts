// temporary profiling harness (deleted before handing back)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PROJECTIONS } from '../../projections/src/index.js';
import type { Projection } from '../../projections/src/projection.js';
import { openDatabase } from '../../services/src/db/database.js';
import { createProjector } from '../../services/src/projector/projector.js';
import { createEventStore } from '../../services/src/store/event-store.js';
import { fillLog } from './rebuild-bench.js';

const N = Number(process.env.BENCH_EVENTS ?? 200_000);
const dir = mkdtempSync(join(tmpdir(), 'rbprof-'));
const db = await openDatabase({ dataDir: dir });
fillLog(join(dir, 'drinks.sqlite'), N);
const times = new Map<string, number>();
const dropped = new Set<string>();
const wrap = (p: Projection): Projection => ({
  ...p,
  migrate: async (k) => { await p.migrate(k); if (process.env.NOIDX) for (const t of p.tables) { const idx = await k.raw("select name, sql from sqlite_master where type='index' and tbl_name=? and sql is not null", [t]) as {name:string,sql:string}[]; for (const i of idx) { dropped.add(i.sql); await k.raw(`drop index "${i.name}"`); } } },
  apply: async (e, t, c) => { const s = performance.now(); await p.apply(e, t, c); times.set(p.name, (times.get(p.name) ?? 0) + performance.now() - s); },
  applyBatch: p.applyBatch && (async (e, t, c) => { const s = performance.now(); await p.applyBatch!(e, t, c); times.set(p.name, (times.get(p.name) ?? 0) + performance.now() - s); }),
});
const store = createEventStore(db);
let readMs = 0;
const timedStore = { ...store, readAll: async (a: number, l: number) => { const s = performance.now(); const r = await store.readAll(a, l); readMs += performance.now() - s; return r; } };
const only = process.env.ONLY?.split(',');
const projector = createProjector({ db, store: timedStore, projections: ALL_PROJECTIONS.map(wrap), timeZone: 'Asia/Bangkok', ...(process.env.BATCH ? { rebuildBatchSize: Number(process.env.BATCH) } : {}) });
await projector.migrate();
if (process.env.CACHE) await db.knex.raw('pragma cache_size = ' + process.env.CACHE);
const r = await projector.rebuild(only);
const s2 = performance.now(); for (const q of dropped) await db.knex.raw(q); console.log('reindex ms', Math.round(performance.now() - s2), dropped.size);
console.log(r.eventsPerSecond, 'ev/s', Math.round(r.ms), 'ms; readAll', Math.round(readMs), Object.fromEntries([...times].map(([k, v]) => [k, Math.round(v)])));
await store.close();
await db.close();
if (process.env.KEEP) console.log("kept", dir); else rmSync(dir, { recursive: true, force: true });
