import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../services/src/db/database.js';
import { createEventStore } from '../../services/src/store/event-store.js';
const db = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'prof-')) });
if (process.env.DROPIDX) await db.knex.raw('drop index events_id_unique'); if (process.env.SYNCOFF) await db.knex.raw('pragma synchronous=OFF');
const store = createEventStore(db);
let groups = 0; store.onAppended(() => groups++);
let n = 0; const end = performance.now() + 3000; const t0 = performance.now();
await Promise.all(Array.from({ length: Number(process.env.W ?? 64) }, async (_, w) => { let after = 0; while (performance.now() < end) {
  const r = await store.append([{ type: 'UserRenamed', data: { userId: 'w'+w, name: 'B' }, tags: ['user:w'+w] } as any], { condition: { query: [{ tags: ['user:w'+w] }], after } }); after = r.lastPosition; n++; } }));
console.log(n / ((performance.now()-t0)/1000), 'per s; groups', groups, 'avg', n/groups);
await store.close(); await db.close();
