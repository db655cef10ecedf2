import { listenForAppends } from '../db/notify.js';
import { createRelay } from '../relay/relay.js';
import type { ProcessParts } from './parts.js';

/** The relay role (ROLE all or relay): publishes the log to the bus, in order, once. */
export async function startRelayRole(parts: ProcessParts): Promise<void> {
  const { config, logger, db, store, bus, metrics, closers } = parts;
  const relay = createRelay({ store, bus, db, logger });
  await relay.start();
  metrics.track({ relayLag: async () => (await store.head()) - relay.published() });
  closers.push(() => relay.stop());
  if (config.DATABASE_URL) {
    // Appends by other processes wake the relay at once instead of at its next poll.
    const listener = listenForAppends(config.DATABASE_URL, config.DATABASE_SCHEMA, () => relay.poke(), logger);
    closers.push(() => listener.close());
  }
}
