import { ConfigError } from '../config.js';
import type { Bus, BusLogger, EventHandler, SubscribeOptions, Subscription } from './types.js';
import { silentLogger } from './types.js';

/**
 * A bus whose broker may be down when the process starts: it keeps trying to
 * connect in the background. Until then publish rejects (the relay retries,
 * the events wait in the log) and subscriptions are attached once connected,
 * so an outage at start-up never stops the API from taking commands.
 * A ConfigError (a stream that is another database's) is no outage: from the first try it stops the start
 * (`firstTry` rejects); seen later, it is logged as an error and tried again, as NATS may be set right.
 */
export function createDeferredBus(
  connect: () => Promise<Bus>,
  options: { logger?: BusLogger; maxDelayMs?: number } = {},
): Bus & { connected(): boolean; firstTry: Promise<void> } {
  const logger = options.logger ?? silentLogger;
  const maxDelay = options.maxDelayMs ?? 5000;
  let inner: Bus | null = null;
  let closed = false;
  const pending: { name: string; handler: EventHandler; options: SubscribeOptions; attach(bus: Bus): Promise<void> }[] =
    [];

  let tried: (err?: unknown) => void = () => undefined;
  const firstTry = new Promise<void>((resolve, reject) => (tried = (err) => (err ? reject(err) : resolve())));
  firstTry.catch(() => undefined);

  const ready = (async () => {
    for (let delay = 250, first = true; !closed; delay = Math.min(delay * 2, maxDelay), first = false) {
      try {
        const bus = await connect();
        tried();
        if (closed) {
          await bus.close();
          return;
        }
        inner = bus;
        for (const p of pending.splice(0)) await p.attach(bus);
        logger.info({}, 'bus: connected');
        return;
      } catch (err) {
        if (err instanceof ConfigError) {
          if (first) return tried(err);
          logger.error({ err, retryInMs: delay }, 'bus: refused');
        } else logger.warn({ err, retryInMs: delay }, 'bus: cannot connect yet');
        tried();
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  })();

  return {
    connected: () => inner !== null,
    firstTry,
    async publish(events, publishOptions) {
      if (!inner) throw new Error('bus not connected yet');
      await inner.publish(events, publishOptions);
    },
    head: async () => (inner?.head ? inner.head() : null),
    async positions() {
      if (!inner?.positions) throw new Error('bus cannot list its positions');
      return inner.positions();
    },
    async subscribe(name, handler, subscribeOptions) {
      let real: Subscription | null = null;
      let cancelled = false;
      const attach = async (bus: Bus) => {
        if (!cancelled) real = await bus.subscribe(name, handler, subscribeOptions);
      };
      if (inner) await attach(inner);
      else pending.push({ name, handler, options: subscribeOptions, attach });
      return {
        async close() {
          cancelled = true;
          await real?.close();
        },
      };
    },
    async close() {
      closed = true;
      await ready.catch(() => undefined);
      await inner?.close();
    },
  };
}
