import type { StoredEvent } from '@drinks/contracts';
import {
  AckPolicy,
  connect,
  DeliverPolicy,
  Events,
  nanos,
  StorageType,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import { silentLogger, type Bus, type BusLogger, type EventHandler, type Subscription } from './types.js';

export interface NatsBusOptions {
  url: string;
  stream?: string;
  subjectPrefix?: string;
  logger?: BusLogger;
  /** Bound on each PubAck wait; publish rejects after it rather than hang during an outage. */
  publishTimeoutMs?: number;
  /** JetStream drops a re-published event id seen within this window. */
  duplicateWindowMs?: number;
  /** Handler attempts per message before it is nak'ed (durable) or skipped (ephemeral). */
  handlerAttempts?: number;
  /** Delay before a nak'ed message comes back. */
  nakDelayMs?: number;
  /** Client name shown by the server's monitoring. */
  name?: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function createNatsBus(options: NatsBusOptions): Promise<Bus> {
  const stream = options.stream ?? 'EVENTS';
  const prefix = options.subjectPrefix ?? 'events';
  const logger = options.logger ?? silentLogger;
  const publishTimeout = options.publishTimeoutMs ?? 2000;
  const attempts = options.handlerAttempts ?? 3;
  const nakDelay = options.nakDelayMs ?? 1000;

  const nc = await connect({
    servers: options.url,
    name: options.name,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    timeout: publishTimeout,
  });
  let connected = true;
  void watchStatus(nc, logger, (up) => (connected = up));
  const jsm = await nc.jetstreamManager();
  await ensureStream(jsm, stream, prefix, options.duplicateWindowMs ?? 120_000);
  const js = nc.jetstream();
  const subscriptions = new Set<Subscription>();

  async function handle(msg: JsMsg, name: string, handler: EventHandler, ack: boolean): Promise<void> {
    let event: StoredEvent;
    try {
      event = JSON.parse(decoder.decode(msg.data)) as StoredEvent;
    } catch (err) {
      logger.error({ err, subscriber: name, seq: msg.seq }, 'undecodable bus message dropped');
      if (ack) msg.term();
      return;
    }
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        await handler(event);
        if (ack) msg.ack();
        return;
      } catch (err) {
        const last = attempt === attempts;
        logger.error(
          { err, subscriber: name, position: event.position, attempt },
          last ? 'bus handler failed, message released' : 'bus handler failed, retrying',
        );
        if (last) break;
        if (ack) msg.working();
        await sleep(20 * 2 ** (attempt - 1));
      }
    }
    // Redelivered later, after newer events: consumers skip by position and fill gaps from the log.
    if (ack) msg.nak(nakDelay);
  }

  function run(messages: ConsumerMessages, name: string, handler: EventHandler, ack: boolean): Subscription {
    const loop = (async () => {
      for await (const msg of messages) await handle(msg, name, handler, ack);
    })().catch((err) => logger.error({ err, subscriber: name }, 'bus subscription ended'));
    const subscription: Subscription = {
      async close() {
        subscriptions.delete(subscription);
        messages.stop();
        await loop;
      },
    };
    subscriptions.add(subscription);
    return subscription;
  }

  return {
    async publish(events) {
      if (events.length === 0) return;
      // While disconnected, fail fast instead of buffering a copy of the batch per retry.
      if (!connected || nc.isClosed()) throw new Error('NATS is not connected');
      // Issued in order on one connection, so the stream stores them in order; awaited together.
      const acks = events.map((event) =>
        js.publish(`${prefix}.${event.type}`, encoder.encode(JSON.stringify(event)), {
          msgID: event.id,
          timeout: publishTimeout,
        }),
      );
      const results = await Promise.allSettled(acks);
      const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failure) throw failure.reason;
    },

    async subscribe(name, handler, { durable }) {
      if (durable) {
        await ensureDurable(jsm, stream, name, prefix);
        const consumer = await js.consumers.get(stream, name);
        return run(await consumer.consume({ max_messages: 256 }), name, handler, true);
      }
      const consumer = await js.consumers.get(stream, {
        filterSubjects: `${prefix}.>`,
        deliver_policy: DeliverPolicy.New,
      });
      return run(await consumer.consume({ max_messages: 256 }), name, handler, false);
    },

    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
    },
  };
}

async function ensureStream(jsm: JetStreamManager, name: string, prefix: string, windowMs: number): Promise<void> {
  try {
    await jsm.streams.info(name);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    await jsm.streams.add({
      name,
      subjects: [`${prefix}.>`],
      storage: StorageType.File,
      duplicate_window: nanos(windowMs),
    });
  }
}

async function ensureDurable(jsm: JetStreamManager, stream: string, name: string, prefix: string): Promise<void> {
  try {
    await jsm.consumers.info(stream, name);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    // A new durable starts at the stream's beginning; an existing one resumes at its ack floor.
    await jsm.consumers.add(stream, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${prefix}.>`,
      ack_wait: nanos(30_000),
      max_ack_pending: 1000,
    });
  }
}

async function watchStatus(nc: NatsConnection, logger: BusLogger, set: (up: boolean) => void): Promise<void> {
  for await (const status of nc.status()) {
    if (status.type === Events.Disconnect) {
      set(false);
      logger.warn({ server: status.data }, 'NATS disconnected');
    } else if (status.type === Events.Reconnect) {
      set(true);
      logger.info({ server: status.data }, 'NATS reconnected');
    }
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { code?: string; api_error?: { err_code?: number }; message?: string };
  return e?.code === '404' || e?.api_error?.err_code === 10059 || e?.api_error?.err_code === 10014 ||
    /not found/i.test(e?.message ?? '');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
