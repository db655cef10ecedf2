import type { StoredEvent } from '@drinks/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  ErrorCode,
  nanos,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type StreamConfig,
  type StreamInfo,
  type StreamState,
} from 'nats';
import { ConfigError } from '../config.js';
import type { StreamHead } from './types.js';

/** The stream this bus writes to, and how it is created again when it disappears. */
export interface StreamSpec {
  name: string;
  prefix: string;
  duplicateWindowMs: number;
  /** The event log published to it (store/log-id.ts), named in the stream's description; unset: any stream will do. */
  logId?: string | undefined;
  /** Whether the log has this event (its id at its position): an unmarked stream holding others' is not adopted. */
  inLog?: ((event: StoredEvent) => Promise<boolean>) | undefined;
}

/** A stream this process must not publish into; at start it is refused, as other unsafe settings are. */
export class StreamRefused extends ConfigError {
  override name = 'StreamRefused';
}

const markOf = (logId: string) => `drinks event log ${logId}`;

/**
 * The stream, created when missing. One this log owns is used; one with no description (made by an older version
 * or by hand) is marked as this log's and used, unless the event it stored last is not in this log; one that is
 * another log's, or does not take this prefix's subjects, is refused: the events of two logs, whose positions
 * collide, would mix in one feed.
 */
export async function ensureStream(jsm: JetStreamManager, spec: StreamSpec): Promise<StreamInfo> {
  let info: StreamInfo;
  try {
    info = await jsm.streams.info(spec.name);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    try {
      return await jsm.streams.add({
        name: spec.name,
        subjects: [`${spec.prefix}.>`],
        storage: StorageType.File,
        duplicate_window: nanos(spec.duplicateWindowMs),
        ...(spec.logId ? { description: markOf(spec.logId) } : {}),
      });
    } catch (addErr) {
      if (apiCode(addErr) === SUBJECTS_OVERLAP) throw new StreamRefused(subjectsTaken(spec));
      // Someone else (another process, a subscription) recreated it first.
      info = await jsm.streams.info(spec.name).catch(() => Promise.reject(addErr));
    }
  }
  const problem = refusal(spec, info.config);
  if (problem) throw new StreamRefused(problem);
  if (spec.logId && !info.config.description) {
    if (await holdsOthers(jsm, spec, info)) throw new StreamRefused(othersEvents(spec));
    info = await jsm.streams.update(spec.name, { description: markOf(spec.logId) });
  }
  return info;
}

const REMEDY =
  'give each database a NATS_STREAM and a NATS_SUBJECT_PREFIX of its own (every process of one database the same two)';

function refusal(spec: StreamSpec, config: StreamConfig): string | null {
  const subjects = config.subjects ?? [];
  if (!subjects.includes(`${spec.prefix}.>`))
    return (
      `NATS_SUBJECT_PREFIX: the NATS stream ${spec.name} takes ${subjects.join(', ') || 'no subjects'}, not ` +
      `${spec.prefix}.>, so this process's events would not reach it; ${REMEDY}.`
    );
  const mark = config.description;
  if (!spec.logId || !mark || mark === markOf(spec.logId)) return null;
  return (
    `NATS_STREAM: the NATS stream ${spec.name} belongs to another database ("${mark}"; this one's log is ` +
    `${spec.logId}), whose live feed and read models this process's events would mix into; ${REMEDY}. If that ` +
    `database is gone for good, delete the stream instead.`
  );
}

/**
 * Whether an unmarked stream was last written by another log: a process meeting a cluster's stream after both were
 * upgraded from a version that did not mark streams must not take it over.
 */
async function holdsOthers(jsm: JetStreamManager, spec: StreamSpec, info: StreamInfo): Promise<boolean> {
  if (!spec.inLog) return false;
  let last: StoredEvent | null;
  try {
    last = await lastEvent(jsm, spec.name, info.state);
  } catch (err) {
    if ((err as { code?: unknown }).code === ErrorCode.BadJson) return true;
    throw err;
  }
  return last !== null && (typeof last.position !== 'number' || !(await spec.inLog(last)));
}

const othersEvents = (spec: StreamSpec) =>
  `NATS_STREAM: the NATS stream ${spec.name} has no owner mark and the event it stored last is not in this ` +
  `database's log: it is likely another database's; ${REMEDY}. If it is this database's own, from before a ` +
  `restore, delete it.`;

const subjectsTaken = (spec: StreamSpec) =>
  `NATS_SUBJECT_PREFIX: the subjects ${spec.prefix}.> belong to a NATS stream other than ${spec.name}, so this ` +
  `process's events would go into it; ${REMEDY}.`;

export async function ensureDurable(jsm: JetStreamManager, spec: StreamSpec, name: string): Promise<void> {
  try {
    await jsm.consumers.info(spec.name, name);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    // A new durable starts at the stream's beginning; an existing one resumes at its ack floor.
    await jsm.consumers.add(spec.name, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${spec.prefix}.>`,
      ack_wait: nanos(30_000),
      max_ack_pending: 1000,
    });
  }
}

/** What the stream holds now; a missing stream is created again (and holds nothing), another log's refused. */
export async function streamHead(jsm: JetStreamManager, spec: StreamSpec): Promise<StreamHead> {
  const info = await ensureStream(jsm, spec);
  const { messages, last_seq: last } = info.state;
  const epoch = `${Date.parse(info.created)}.${last}`;
  return { messages, lastPosition: (await lastEvent(jsm, spec.name, info.state))?.position ?? 0, epoch };
}

/** The event stored last; null when the stream is empty. */
async function lastEvent(jsm: JetStreamManager, name: string, state: StreamState): Promise<StoredEvent | null> {
  const { messages, first_seq: first, last_seq: last } = state;
  // The last sequence may have been deleted on its own: step back to the last one stored.
  for (let seq = last; messages > 0 && seq >= first && seq > last - 100; seq--) {
    try {
      return (await jsm.streams.getMessage(name, { seq })).json<StoredEvent>();
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
  return null;
}

/** Every position the stream holds, read with an ordered consumer from its first message. */
export async function streamPositions(
  jsm: JetStreamManager,
  js: JetStreamClient,
  spec: StreamSpec,
): Promise<Set<number>> {
  const out = new Set<number>();
  if ((await jsm.streams.info(spec.name)).state.messages === 0) return out;
  const consumer = await js.consumers.get(spec.name, { filterSubjects: `${spec.prefix}.>` });
  for (;;) {
    let got = 0;
    for await (const msg of await consumer.fetch({ max_messages: 1000, expires: 2000 })) {
      out.add(msg.json<StoredEvent>().position);
      got++;
      // Stop at the end instead of waiting for the fetch to expire.
      if (msg.info.pending === 0) return out;
    }
    if (got === 0) return out;
  }
}

const SUBJECTS_OVERLAP = 10065;

const apiCode = (err: unknown) => (err as { api_error?: { err_code?: number } } | null)?.api_error?.err_code;

export function isNotFound(err: unknown): boolean {
  const e = err as { code?: string; api_error?: { err_code?: number }; message?: string };
  return (
    e?.code === '404' ||
    e?.api_error?.err_code === 10059 ||
    e?.api_error?.err_code === 10014 ||
    e?.api_error?.err_code === 10037 ||
    /not found/i.test(e?.message ?? '')
  );
}

/** A publish no stream listened to (503): the stream was deleted. */
export function isNoStream(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '503' || isNotFound(err);
}
