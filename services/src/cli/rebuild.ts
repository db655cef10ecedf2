import { ALL_PROJECTIONS } from '@drinks/projections';
import { loadConfig } from '../config.js';
import { REBUILD_NODE_FLAGS, rerunWithNodeFlags } from './node-flags.js';
import { projectionNamesFromArgs } from './projection-names.js';
import { openConfiguredDatabase } from '../db/database.js';
import { runCli } from './run.js';
import { createProjector } from '../projector/projector.js';
import { createEventStore } from '../store/event-store.js';

// Offline: `node services/dist/cli/rebuild.js [projection…]` drops the named
// projections (all when none is named), replays the whole log and prints the rate.

async function main(): Promise<void> {
  const names = projectionNamesFromArgs(process.argv.slice(2));
  if (!names) return;
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  const store = createEventStore(db);
  try {
    const projector = createProjector({ db, store, projections: ALL_PROJECTIONS, timeZone: config.BUSINESS_TZ });
    await projector.migrate();
    const r = await projector.rebuild(names);
    console.log(
      `Rebuilt ${r.projections.join(', ')}: ${r.events} events in ${(r.ms / 1000).toFixed(2)} s ` +
        `(${r.eventsPerSecond.toLocaleString('en-US')} events/s), now at position ${r.position}`,
    );
  } finally {
    await store.close();
    await db.close();
  }
}

if (!rerunWithNodeFlags(REBUILD_NODE_FLAGS)) {
  runCli(main);
}
