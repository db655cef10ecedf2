import type { EventStore } from '../store/types.js';
import type { Lease } from './tables.js';

/** A loop that tails the log: runs `step` again at once while it finds more, else after a pause an append cuts short. */
export interface StepLoop {
  start(): void;
  running(): boolean;
  /** Lets the step in flight finish, then ends the loop. */
  stop(): Promise<void>;
  /** Something was appended: step now instead of at the end of the pause. */
  poke(): void;
}

export interface StepLoopOptions {
  /** One step; resolves true when there may be more right away. */
  step(): Promise<boolean>;
  /** The pause after a step that found nothing more. */
  idleMs(): number;
  /** The pause after a failed step, doubled on each failure in a row up to `max`; appends do not cut it short. */
  backoffMs: { first: number; max: number };
  /** A step threw: report it; 'stop' ends the loop (a crash). */
  failed(err: unknown, retryInMs: number): 'stop' | void;
}

export function createStepLoop(options: StepLoopOptions): StepLoop {
  let running = false;
  let loop: Promise<void> | null = null;
  let poked = false;
  let wake: (() => void) | null = null;
  let wakeOnPoke = false;

  /** Sleeps `ms`; stop() always cuts it short, an append only when `onPoke`. */
  function pause(ms: number, onPoke: boolean): Promise<void> {
    if (!running || (onPoke && poked)) {
      poked = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      wake = done;
      wakeOnPoke = onPoke;
      function done() {
        clearTimeout(timer);
        wake = null;
        if (onPoke) poked = false;
        resolve();
      }
    });
  }

  async function run(): Promise<void> {
    let backoff = options.backoffMs.first;
    while (running) {
      try {
        const more = await options.step();
        backoff = options.backoffMs.first;
        if (!more) await pause(options.idleMs(), true);
      } catch (err) {
        if (options.failed(err, backoff) === 'stop') {
          running = false;
          return;
        }
        await pause(backoff, false);
        backoff = Math.min(backoff * 2, options.backoffMs.max);
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    running: () => running,
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
    poke() {
      poked = true;
      if (wakeOnPoke) wake?.();
    },
  };
}

export interface LogFollowerOptions extends StepLoopOptions {
  /** Its appends wake the follower at once; other processes' appends wait for the poll. */
  store: Pick<EventStore, 'onAppended'>;
  /** Given back when the follower stops, so a standby takes over without waiting for it to expire. */
  lease: Lease | null;
  releaseFailed(err: unknown): void;
}

/** A step loop that this process's appends wake, and that gives its lease back when it stops. */
export function createLogFollower(options: LogFollowerOptions): StepLoop {
  const loop = createStepLoop(options);
  let unsubscribe: (() => void) | null = null;
  return {
    ...loop,
    start() {
      if (loop.running()) return;
      unsubscribe = options.store.onAppended(() => loop.poke());
      loop.start();
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await loop.stop();
      await options.lease?.release().catch(options.releaseFailed);
    },
  };
}
