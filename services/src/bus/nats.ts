import type { StoredEvent } from '@drinks/contracts';
import { connect, Events, type ConsumerMessages, type JsMsg, type NatsConnection, type StreamInfo } from 'nats';
import {
  ensureDurable,
  ensureStream,
  isNoStream,
  streamHead,
  streamPositions,
  StreamRefused,
  type StreamSpec,
} from './nats-stream.js';
import { silentLogger, type Bus, type BusLogger, type EventHandler, type Subscription } from './types.js';

export interface NatsBusOptions {
  url: string;
  stream?: string;
  subjectPrefix?: string;
  /** The event log this process publishes (store/log-id.ts): the stream is marked with it, another log's refused. */
  logId?: string;
  /** Whether the log has this event (its id at its position): an unmarked stream holding others' is not adopted. */
  inLog?: (event: StoredEvent) => Promise<boolean>;
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
  const spec: StreamSpec = {
    name: stream,
    prefix,
    duplicateWindowMs: options.duplicateWindowMs ?? 120_000,
    logId: options.logId,
    inLog: options.inLog,
  };
  await ensureStream(jsm, spec).catch(async (err: unknown) => {
    await nc.close();
    throw err;
  });
  const js = nc.jetstream();
  const subscriptions = new Set<Subscription>();
  let refused: string | null = null;

  /**
   * The stream, checked before every publish: one deleted and created again by another log's process (the name
   * free, say, after NATS lost its storage) is never written to. Publishes fail while it is there, and the
   * events wait in the log.
   */
  async function own(): Promise<StreamInfo> {
    try {
      const info = await ensureStream(jsm, spec);
      if (refused) logger.info({ stream }, 'NATS stream accepted again: publishing');
      refused = null;
      return info;
    } catch (err) {
      if (err instanceof StreamRefused && refused !== err.message) {
        refused = err.message;
        logger.error({ err, stream }, 'NATS stream refused: nothing is published into it');
      }
      throw err;
    }
  }

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

  /**
   * Consumes until closed. The consumer stops on a missing stream or consumer (deleted, or the
   * stream recreated); `open` then creates both again, with a backoff while that fails.
   */
  async function run(
    name: string,
    handler: EventHandler,
    ack: boolean,
    open: () => Promise<ConsumerMessages>,
    seen?: (seq: number) => void,
  ): Promise<Subscription> {
    let current: ConsumerMessages | null = await open();
    let closed = false;
    const loop = (async () => {
      for (let failures = 0; !closed;) {
        try {
          current ??= await open();
          if (closed) break;
          for await (const msg of current) {
            failures = 0;
            await handle(msg, name, handler, ack);
            seen?.(msg.seq);
          }
        } catch (err) {
          if (closed) break;
          logger.warn({ err, subscriber: name }, 'bus consumer lost, creating it again');
        }
        current = null;
        if (!closed) await sleep(Math.min(100 * 2 ** failures++, 2000));
      }
    })();
    const subscription: Subscription = {
      async close() {
        closed = true;
        subscriptions.delete(subscription);
        current?.stop();
        await loop;
      },
    };
    subscriptions.add(subscription);
    return subscription;
  }

  return {
    async publish(events, publishOptions = {}) {
      if (events.length === 0) return;
      // While disconnected, fail fast instead of buffering a copy of the batch per retry.
      if (!connected || nc.isClosed()) throw new Error('NATS is not connected');
      const scope = publishOptions.dedupeScope;
      const send = async () => {
        await own();
        // Issued in order on one connection, so the stream stores them in order; awaited together.
        const acks = events.map((event) =>
          js.publish(`${prefix}.${event.type}`, encoder.encode(JSON.stringify(event)), {
            msgID: scope ? `${event.id}:${scope}` : event.id,
            timeout: publishTimeout,
          }),
        );
        const results = await Promise.allSettled(acks);
        const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failure) throw failure.reason;
      };
      try {
        await send();
      } catch (err) {
        if (!isNoStream(err)) throw err;
        // The stream was deleted: create it again and send once more (ids dedupe what got through).
        logger.warn({ err, stream }, 'NATS stream missing, creating it again');
        await send();
      }
    },

    async subscribe(name, handler, { durable }) {
      // A fresh object per call: an ordered consumer writes its callback into the options it gets.
      // Pulls expire after 10 s (the default is 30): a stream deleted without the server telling this
      // consumer is noticed by two missed heartbeats (half the expiry each), 10 s instead of 30.
      const consume = () => ({ max_messages: 256, expires: 10_000, abort_on_missing_resource: true });
      if (durable) {
        return run(name, handler, true, async () => {
          await own();
          await ensureDurable(jsm, spec, name);
          return (await js.consumers.get(stream, name)).consume(consume());
        });
      }
      // Opened again after the consumer was lost, it resumes after the last message seen; on a
      // stream created anew everything it holds is new to this subscriber.
      let at: { created: string; seq: number } | null = null;
      return run(
        name,
        handler,
        false,
        async () => {
          const info = await own();
          const from = !at ? info.state.last_seq + 1 : at.created === info.created ? at.seq + 1 : 1;
          at = { created: info.created, seq: from - 1 };
          const consumer = await js.consumers.get(stream, { filterSubjects: `${prefix}.>`, opt_start_seq: from });
          return consumer.consume(consume());
        },
        (seq) => at && (at.seq = seq),
      );
    },

    head: () => streamHead(jsm, spec),
    positions: () => streamPositions(jsm, js, spec),

    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
    },
  };
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
