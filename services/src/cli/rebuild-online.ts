import { ALL_PROJECTIONS } from '@drinks/projections';
import { loadConfig } from '../config.js';
import { projectionNamesFromArgs } from './projection-names.js';
import { openConfiguredDatabase } from '../db/database.js';
import { runCli } from './run.js';
import { rebuildOnline } from '../projector/online-rebuild.js';
import { createEventStore } from '../store/event-store.js';

// Without downtime, on PostgreSQL: `node services/dist/cli/rebuild-online.js [projection…]` builds
// the named projections (all when none is named) beside the live tables, then swaps them in.

async function main(): Promise<void> {
  const names = projectionNamesFromArgs(process.argv.slice(2));
  if (!names) return;
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error(
      'The online rebuild needs PostgreSQL: set DATABASE_URL (and DATABASE_SCHEMA if the deployment uses one). ' +
        'The embedded SQLite deployment rebuilds offline: stop the app, run `make rebuild`, start it again.',
    );
    process.exitCode = 2;
    return;
  }
  const db = await openConfiguredDatabase(config);
  const store = createEventStore(db);
  try {
    const projections = names.length > 0 ? ALL_PROJECTIONS.filter((p) => names.includes(p.name)) : ALL_PROJECTIONS;
    const logger = {
      info: (obj: object, msg?: string) => console.log(msg ?? '', JSON.stringify(obj)),
      warn: (obj: object, msg?: string) => console.warn(msg ?? '', JSON.stringify(obj)),
    };
    const r = await rebuildOnline({ db, store, projections, timeZone: config.BUSINESS_TZ, logger });
    console.log(
      `Rebuilt ${r.projections.join(', ')} online in ${(r.ms / 1000).toFixed(2)} s; swapped into schema ` +
        `${r.schema} at position ${r.position} (checkpoints held ${r.swapMs.toFixed(0)} ms)`,
    );
  } finally {
    await store.close();
    await db.close();
  }
}

runCli(main);
