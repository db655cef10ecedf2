import type { ErrorCode, EventMetadata } from '@drinks/contracts';
import { AppError, RuleViolation } from '../errors.js';
import { ConcurrencyError, type AppendResult, type EventQuery, type EventStore } from '../store/types.js';
import { noLongerStaff, staffInLog } from './actor.js';
import type { Decider } from './decider.js';
import { userEvents } from './queries.js';
import { evolve as evolveUsers, initialState as noUsers } from './users/state.js';

export interface HandleCommandArgs<C, S> {
  query: EventQuery;
  decider: Decider<C, S>;
  command: C;
  metadata?: EventMetadata;
  /** Further attempts after a conflict (default 5). */
  maxRetries?: number;
  /**
   * Only staff decide this. The request was let in on the users read model's word; the metadata's actor is
   * checked again against its own events, read with the decision's, so one demoted or disabled meanwhile
   * decides nothing even before that read model knows (a projector behind or down).
   */
  staffOnly?: boolean;
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * (attempt + 1)));

/**
 * Read what the decision needs, fold, decide, and append on the condition that
 * nothing matching the same query was appended since the read. A conflict means
 * the facts changed: decide again on the new facts.
 */
export async function handleCommand<C, S>(store: EventStore, args: HandleCommandArgs<C, S>): Promise<AppendResult> {
  const { metadata } = args;
  const maxRetries = args.maxRetries ?? 5;
  // A repeated key answers as the first call did, even where deciding again would now answer otherwise.
  const key = metadata?.idempotencyKey;
  if (key !== undefined) {
    const first = await store.recall(key);
    if (first && 'appended' in first) return first.appended;
    if (first) throw new AppError(first.refused.status, first.refused.code as ErrorCode, first.refused.detail);
  }
  try {
    return await decideAndAppend(store, args, maxRetries);
  } catch (error) {
    // Only a business refusal (409) is the key's answer: a 400 or 404 changed nothing and the middleware
    // lets the key go with it, so a corrected body under the same key is decided afresh.
    if (
      key !== undefined &&
      error instanceof AppError &&
      error.status === 409 &&
      error.code !== 'CONCURRENCY_CONFLICT'
    ) {
      await store.rememberRefusal(key, { status: error.status, code: error.code, detail: error.message });
    }
    throw error;
  }
}

async function decideAndAppend<C, S>(
  store: EventStore,
  args: HandleCommandArgs<C, S>,
  maxRetries: number,
): Promise<AppendResult> {
  const { decider, command, metadata } = args;
  const staff = args.staffOnly ? metadata?.actor : undefined;
  const query = staff === undefined ? args.query : [...args.query, userEvents(staff)];
  for (let attempt = 0; ; attempt++) {
    const read = await store.read(query);
    if (staff !== undefined && !staffInLog(read.events.reduce(evolveUsers, noUsers), staff)) throw noLongerStaff();
    const state = read.events.reduce(decider.evolve, decider.initialState);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events: [], lastPosition: read.position, duplicate: false };
    try {
      return await store.append(events, {
        condition: { query, after: read.position },
        ...(metadata ? { metadata } : {}),
      });
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      // The conflict may be this very command, sent again under its key to another process (a retry after
      // a lost answer): deciding again would refuse it ("already started"); the twin's answer is the answer.
      const key = metadata?.idempotencyKey;
      const twin = key === undefined ? null : await store.recall(key);
      if (twin && 'appended' in twin) return twin.appended;
      if (attempt >= maxRetries)
        throw new RuleViolation('CONCURRENCY_CONFLICT', 'Too many concurrent changes; try again.');
      await pause(attempt);
    }
  }
}
