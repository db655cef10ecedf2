import type { StoredEvent } from '@drinks/contracts';
import type { Knex } from 'knex';
import type { Projection, ProjectionContext } from '../projection.js';
import type { TestEventLog } from './event-log.js';

/**
 * The projector's contract with a projection, and nothing more: each applies the events it handles,
 * in position order, in a transaction (batched when it can); a rebuild drops its tables, migrates
 * and replays the log. The app's projector (services) adds checkpoints, leases and waiting.
 */
export function createTestProjector(
  knex: Knex,
  log: TestEventLog,
  projections: readonly Projection[],
  ctx: ProjectionContext,
) {
  let position = 0;
  const applyAll = async (targets: readonly Projection[], events: readonly StoredEvent[]) => {
    await knex.transaction(async (trx) => {
      for (const p of targets) {
        const handled = new Set<string>(p.handles);
        const mine = events.filter((e) => handled.has(e.type));
        if (mine.length > 0 && p.applyBatch) await p.applyBatch(mine, trx, ctx);
        else for (const e of mine) await p.apply(e, trx, ctx);
      }
    });
  };
  return {
    async migrate() {
      for (const p of projections) await p.migrate(knex);
    },
    async catchUp() {
      const events = await log.readAll(position, Number.MAX_SAFE_INTEGER);
      if (events.length === 0) return;
      await applyAll(projections, events);
      position = events.at(-1)!.position;
    },
    async rebuild(names: readonly string[]) {
      const targets = projections.filter((p) => names.includes(p.name));
      for (const p of targets) for (const table of p.tables) await knex.schema.dropTableIfExists(table);
      for (const p of targets) await p.migrate(knex);
      await applyAll(targets, await log.readAll(0, position));
    },
  };
}
