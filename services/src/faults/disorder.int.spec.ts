import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '@drinks/contracts';
import { ALL_PROJECTIONS } from '@drinks/projections';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.js';
import { readCheckpoints } from '../projector/checkpoints.js';
import { createProjector } from '../projector/projector.js';
import { createMemoryEventStore } from '../store/memory.js';
import type { EventStore } from '../store/types.js';
import { openShop, writeDay } from './tests/history.js';
import { TZ, dumpReadModels, readLog } from './tests/support.js';

type Dump = Record<string, string[]>;
const names = ALL_PROJECTIONS.map((p) => p.name);
const tablesOf = new Map(ALL_PROJECTIONS.map((p) => [p.name, p.tables]));

describe('the projector fed duplicated and shuffled deliveries', () => {
  const dirs: string[] = [];
  let log: StoredEvent[];
  /** prefix[k]: the read models after a clean, ordered replay of positions 1..k. */
  const prefix: Dump[] = [];
  const freshDb = async (): Promise<Db> => {
    const dir = mkdtempSync(join(tmpdir(), 'drinks-disorder-'));
    dirs.push(dir);
    return openDatabase({ dataDir: dir });
  };
  /** The log as the bus's consumers can read it: up to the highest position published so far. */
  const logUpTo = (visible: () => number): Pick<EventStore, 'readAll' | 'head'> => ({
    async readAll(after, limit) {
      return log.filter((e) => e.position > after && e.position <= visible()).slice(0, limit);
    },
    async head() {
      return visible();
    },
  });

  beforeAll(async () => {
    const history = createMemoryEventStore({ now: () => new Date('2025-06-11T03:00:00Z') });
    await writeDay(history, await openShop(history), 6);
    log = await readLog(history);
    const db = await freshDb();
    let reached = 0;
    const clean = createProjector({ db, store: logUpTo(() => reached), projections: ALL_PROJECTIONS, timeZone: TZ });
    await clean.migrate();
    prefix.push(await dumpReadModels(db.knex));
    for (const e of log) {
      reached = e.position;
      await clean.follow(e.position);
      prefix.push(await dumpReadModels(db.knex));
    }
    await db.close();
  });
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('ends equal to a clean replay and never lets a checkpoint pass what it has seen', async () => {
    const deliveries = fc
      .array(fc.integer({ min: 1, max: 3 }), { minLength: log.length, maxLength: log.length })
      .chain((copies) => {
        const all = copies.flatMap((n, i) => Array.from({ length: n }, () => i));
        return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
      });
    await fc.assert(
      fc.asyncProperty(deliveries, async (order) => {
        const db = await freshDb();
        try {
          let published = 0;
          const projector = createProjector({
            db,
            store: logUpTo(() => published),
            projections: ALL_PROJECTIONS,
            timeZone: TZ,
          });
          await projector.migrate();
          for (const i of order) {
            const event = log[i]!;
            published = Math.max(published, event.position);
            await projector.follow(event.position);
            const checkpoints = await readCheckpoints(db.knex, names);
            const dump = await dumpReadModels(db.knex);
            for (const [name, position] of checkpoints) {
              expect(position).toBeLessThanOrEqual(published);
              for (const table of tablesOf.get(name)!) expect(dump[table]).toEqual(prefix[position]![table]);
            }
          }
          expect(await dumpReadModels(db.knex)).toEqual(prefix[log.length]);
        } finally {
          await db.close();
        }
      }),
      { numRuns: 25, seed: 20250611 },
    );
  }, 120_000);
});
