import type { StoredEvent } from '@drinks/contracts';
import Queue from 'yocto-queue';
import { silentLogger, type Bus, type BusLogger, type EventHandler, type Subscription } from './types.js';

export interface InProcessBusOptions {
  logger?: BusLogger;
  /** Attempts per event before a throwing handler's event is skipped (the projector fills gaps from the log). */
  attempts?: number;
  retryDelayMs?: number;
}

interface Subscriber {
  name: string;
  handler: EventHandler;
  /** A linked list: an array's shift() copies the rest of the array once it is large (a relay catching up). */
  queue: Queue<StoredEvent>;
  draining: Promise<void> | null;
  closed: boolean;
}

/**
 * One process, no broker: every subscriber has its own queue drained in order,
 * so a slow or failing handler delays nobody else, and publish never waits for handlers.
 * Subscribers joining late get only what is published after they joined.
 */
export function createInProcessBus(options: InProcessBusOptions = {}): Bus {
  const logger = options.logger ?? silentLogger;
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 20;
  const subscribers = new Set<Subscriber>();

  async function deliver(sub: Subscriber, event: StoredEvent): Promise<void> {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (sub.closed) return;
      try {
        await sub.handler(event);
        return;
      } catch (err) {
        const last = attempt === attempts;
        logger.error(
          { err, subscriber: sub.name, position: event.position, attempt },
          last ? 'bus handler failed, event skipped' : 'bus handler failed, retrying',
        );
        if (!last) await sleep(retryDelayMs * 2 ** (attempt - 1));
      }
    }
  }

  function drain(sub: Subscriber): void {
    if (sub.draining) return;
    sub.draining = (async () => {
      while (!sub.closed && sub.queue.size > 0) await deliver(sub, sub.queue.dequeue()!);
      sub.draining = null;
    })();
  }

  return {
    async publish(events) {
      if (events.length === 0) return;
      for (const sub of subscribers) {
        for (const event of events) sub.queue.enqueue(event);
        drain(sub);
      }
    },
    async subscribe(name, handler): Promise<Subscription> {
      const sub: Subscriber = { name, handler, queue: new Queue(), draining: null, closed: false };
      subscribers.add(sub);
      return {
        async close() {
          sub.closed = true;
          subscribers.delete(sub);
          sub.queue.clear();
          await sub.draining;
        },
      };
    },
    async close() {
      for (const sub of [...subscribers]) {
        sub.closed = true;
        sub.queue.clear();
      }
      await Promise.all([...subscribers].map((s) => s.draining));
      subscribers.clear();
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
