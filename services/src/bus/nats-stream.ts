import type { StoredEvent } from '@drinks/contracts';
import { AckPolicy, DeliverPolicy, nanos, StorageType, type JetStreamClient, type JetStreamManager } from 'nats';
import type { StreamHead } from './types.js';

/** The stream this bus writes to, and how it is created again when it disappears. */
export interface StreamSpec {
  name: string;
  prefix: string;
  duplicateWindowMs: number;
}

export async function ensureStream(jsm: JetStreamManager, spec: StreamSpec): Promise<void> {
  try {
    await jsm.streams.info(spec.name);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    try {
      await jsm.streams.add({
        name: spec.name,
        subjects: [`${spec.prefix}.>`],
        storage: StorageType.File,
        duplicate_window: nanos(spec.duplicateWindowMs),
      });
    } catch (addErr) {
      // Someone else (another process, a subscription) recreated it first.
      await jsm.streams.info(spec.name).catch(() => Promise.reject(addErr));
    }
  }
}

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

/** What the stream holds now; a missing stream is created again (and holds nothing). */
export async function streamHead(jsm: JetStreamManager, spec: StreamSpec): Promise<StreamHead> {
  let info;
  try {
    info = await jsm.streams.info(spec.name);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    await ensureStream(jsm, spec);
    info = await jsm.streams.info(spec.name);
  }
  const { messages, first_seq: first, last_seq: last } = info.state;
  const epoch = `${Date.parse(info.created)}.${last}`;
  // The last sequence may have been deleted on its own: step back to the last one stored.
  for (let seq = last; messages > 0 && seq >= first && seq > last - 100; seq--) {
    try {
      const stored = await jsm.streams.getMessage(spec.name, { seq });
      return { messages, lastPosition: stored.json<StoredEvent>().position, epoch };
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
  return { messages, lastPosition: 0, epoch };
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
