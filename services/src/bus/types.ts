import type { StoredEvent } from '@drinks/contracts';

export type EventHandler = (event: StoredEvent) => Promise<void>;

export interface Subscription {
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /**
   * Durable consumers (projectors) resume where they acked; an ephemeral one
   * (live fan-out) starts at the stream's end. Delivery is at least once and in
   * order per consumer; handlers must be idempotent by position.
   */
  durable: boolean;
}

export interface Bus {
  /** Publish in order; resolves once the bus has accepted every event (JetStream ack). */
  publish(events: StoredEvent[]): Promise<void>;
  subscribe(name: string, handler: EventHandler, options: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}

/** The part of a pino logger the bus and relay use. */
export interface BusLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: BusLogger = { info() {}, warn() {}, error() {} };
