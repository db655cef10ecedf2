import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PROJECTIONS } from '../../projections/src/index.js';
import { openDatabase } from '../../services/src/db/database.js';
import { createProjector } from '../../services/src/projector/projector.js';
import { createEventStore } from '../../services/src/store/event-store.js';
import { fillLog } from './rebuild-bench.js';
const dir = mkdtempSync(join(tmpdir(), 'probe-'));
const db = await openDatabase({ dataDir: dir });
fillLog(join(dir, 'drinks.sqlite'), 100_000);
const store = createEventStore(db);
const projector = createProjector({ db, store, projections: ALL_PROJECTIONS, timeZone: 'Asia/Bangkok' });
await projector.migrate();
for (const name of ALL_PROJECTIONS.map((p) => p.name)) {
  const r = await projector.rebuild([name]);
  console.log(name, r.eventsPerSecond);
}
await store.close(); await db.close(); rmSync(dir, { recursive: true, force: true });
