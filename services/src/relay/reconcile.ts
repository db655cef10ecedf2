import type { Knex } from 'knex';
import type { Bus, BusLogger } from '../bus/types.js';
import type { EventStore } from '../store/types.js';

export interface ReconcileInput {
  store: EventStore;
  bus: Bus;
  knex: Knex;
  /** The relay's checkpoint: every event of the log up to it was published. */
  published: number;
  batchSize: number;
  logger: BusLogger;
}

/**
 * Finds events the stream lost (purged, or the stream deleted and created again) and publishes
 * them again from the log; returns how many. The stream is behind when it holds fewer messages
 * than the log has events up to what was published. Only then is it scanned, and only the
 * positions it lacks are sent, under a message-id scope of the stream's current epoch: the
 * duplicate window still remembers the lost copies' ids (a purge keeps it), and a retry of this
 * repair within the same epoch is deduplicated.
 */
export async function republishLost(input: ReconcileInput): Promise<number> {
  const { store, bus, logger } = input;
  if (!bus.head || !bus.positions) return 0;
  const head = await bus.head();
  if (!head) return 0;
  const upTo = Math.max(input.published, head.lastPosition);
  if (upTo === 0) return 0;
  const expected = await countEvents(input.knex, upTo);
  if (head.messages >= expected) return 0;
  const present = await bus.positions();
  logger.warn({ inStream: present.size, expected, upTo }, 'the stream lost events: republishing them from the log');
  let republished = 0;
  for (let after = 0; after < upTo;) {
    const read = await store.readAll(after, input.batchSize);
    if (read.length === 0) break;
    const missing = read.filter((e) => e.position <= upTo && !present.has(e.position));
    if (missing.length > 0) await bus.publish(missing, { dedupeScope: head.epoch });
    republished += missing.length;
    after = read[read.length - 1]!.position;
  }
  return republished;
}

async function countEvents(knex: Knex, upTo: number): Promise<number> {
  const row = await knex('events').where('position', '<=', upTo).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
