import { ALL_PROJECTIONS, getUser, usersProjection } from '@drinks/projections';
import { createUserCache } from '../auth/user-cache.js';
import {
  createCheckpointWatcher,
  createProjector,
  type CheckpointWatcher,
  type Projector,
} from '../projector/projector.js';
import type { ProcessParts } from './parts.js';

/** How the API reads what the projections hold, and waits for them. */
export interface ReadSide {
  projector: Projector;
  userCache: ReturnType<typeof createUserCache>;
  /** This process's projector when it runs one, else the checkpoints other processes write. */
  watcher: Pick<CheckpointWatcher, 'waitFor'>;
  checkpoints: CheckpointWatcher;
  runsProjector: boolean;
  /** A lower bound of the position every read model has reached, without waiting. */
  readPosition(): number;
}

/** How often a projecting process asks the log for appends the bus has not brought. */
const LOG_POLL_MS = 1000;

/**
 * The projector role (ROLE all or projector) applies the log to the read models; every process migrates
 * them and gets a way to wait for a position.
 */
/** The events that change what the per-request check holds of a user. */
export const USER_EVENT_TYPES: ReadonlySet<string> = new Set(usersProjection.handles);

export async function startProjection(parts: ProcessParts): Promise<ReadSide> {
  const { config, logger, db, store, bus, metrics, closers, subscriptions } = parts;
  const userCache = createUserCache((id) => getUser(db.knex, id));
  const projector = createProjector({
    db,
    store,
    projections: ALL_PROJECTIONS,
    timeZone: config.BUSINESS_TZ,
    logger,
    // After the commit, before any waiter wakes: a command that changed a user answers only once
    // the per-request check sees the change.
    onApplied: (events) => {
      if (events.some((e) => USER_EVENT_TYPES.has(e.type))) userCache.invalidate();
    },
  });
  await projector.migrate();
  const runsProjector = config.ROLE === 'all' || config.ROLE === 'projector';
  if (runsProjector) {
    await projector.catchUp();
    subscriptions.push(await bus.subscribe('projector', (e) => projector.follow(e.position), { durable: true }));
    // In this process the log itself says when it grew: projecting needs no detour through the relay and
    // the bus, which stay the path for other processes (and cover anything missed here).
    const follow = (head: number) =>
      void projector.follow(head).catch((err) => logger.warn({ err }, 'projector: follow failed'));
    const unfollow = store.onAppended(follow);
    // Appends of other processes reach this one through the relay and the bus. Should either be down (a
    // relay killed while its lease runs out, a broker away), the log itself is asked now and then: commands
    // elsewhere answered 201 while their orders stayed out of every read model for 10 s and more.
    const poll = setInterval(() => {
      store
        .head()
        .then((head) => head > projector.position() && follow(head))
        .catch(() => undefined);
    }, LOG_POLL_MS);
    poll.unref();
    closers.push(async () => {
      unfollow();
      clearInterval(poll);
    });
  }
  const checkpoints = createCheckpointWatcher(db);
  metrics.track({ projectionLag: async () => (await store.head()) - (await checkpoints.current()) });
  return {
    projector,
    userCache,
    watcher: runsProjector ? projector : checkpoints,
    checkpoints,
    runsProjector,
    readPosition: runsProjector ? () => projector.position() : () => checkpoints.known(),
  };
}
