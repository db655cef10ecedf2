import { testDatabase } from '../../services/src/test-support/db.js';
import { createEventStore } from '../../services/src/store/event-store.js';
const db = await testDatabase('pg');
await db.knex.raw('create table bt (id serial primary key, v text)');
let m = 0; const e0 = performance.now() + 2000;
while (performance.now() < e0) { await db.knex.transaction((trx) => trx.raw("insert into bt (v) values ('x')")); m++; }
console.log('pg baseline knex tx insert:', Math.round(m / 2), '/s');
const store = createEventStore(db);
for (const W of [1, 64]) {
  let n = 0; const end = performance.now() + 3000; const t0 = performance.now();
  await Promise.all(Array.from({ length: W }, async (_, w) => { let after = await store.head(); while (performance.now() < end) {
    const r = await store.append([{ type: 'UserRenamed', data: { userId: W + 'w' + w, name: 'B' }, tags: ['user:' + W + 'w' + w] } as any], { condition: { query: [{ tags: ['user:' + W + 'w' + w] }], after } }); after = r.lastPosition; n++; } }));
  console.log('pg', W, 'in flight:', Math.round(n / ((performance.now() - t0) / 1000)), 'appends/s');
}
await store.close(); await db.cleanup();
