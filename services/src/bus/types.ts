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

export interface PublishOptions {
  /**
   * Scopes each message id (`<event id>:<scope>`): a republish of events the stream lost must
   * not be dropped as a duplicate of the lost copies still remembered by the duplicate window.
   */
  dedupeScope?: string;
}

/** What a durable stream holds, for the relay to notice lost events. */
export interface StreamHead {
  messages: number;
  /** Position of the event stored last (0 when empty). */
  lastPosition: number;
  /** Changes whenever the stream is recreated or stores something: a fresh `dedupeScope`. */
  epoch: string;
}

export interface Bus {
  /** Publish in order; resolves once the bus has accepted every event (JetStream ack). */
  publish(events: StoredEvent[], options?: PublishOptions): Promise<void>;
  /** Buses that keep a stream (NATS) tell what it holds; null when they cannot tell now. */
  head?(): Promise<StreamHead | null>;
  /** Positions of every event the stream holds (a full scan: only after a loss was seen). */
  positions?(): Promise<Set<number>>;
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
