import type { CheckpointWatcher } from './checkpoints.js';

interface Waiter {
  position: number;
  finish(reached: boolean): void;
}

/**
 * Waits resolved in-process when this projector advances, and by polling the
 * checkpoints table in case a projector in another process does the work.
 * One poll serves every waiter: a query per waiter per tick would swamp the
 * database under load (hundreds of commands waiting at once).
 */
export function createWaiters(position: () => number, watcher: CheckpointWatcher, pollMs = 25) {
  const waiters = new Set<Waiter>();
  let poll: ReturnType<typeof setInterval> | null = null;
  let polling = false;

  function settle(reached: number): void {
    for (const w of waiters) if (reached >= w.position) w.finish(true);
  }

  function tick(): void {
    if (polling) return;
    polling = true;
    watcher
      .current()
      .then(settle)
      .catch(() => undefined)
      .finally(() => (polling = false));
  }

  return {
    notify(): void {
      settle(position());
    },
    waitFor(target: number, timeoutMs: number): Promise<boolean> {
      if (position() >= target) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          position: target,
          finish(reached) {
            if (!waiters.delete(waiter)) return;
            clearTimeout(timer);
            if (waiters.size === 0 && poll) {
              clearInterval(poll);
              poll = null;
            }
            resolve(reached);
          },
        };
        const timer = setTimeout(() => waiter.finish(false), timeoutMs);
        waiters.add(waiter);
        poll ??= setInterval(tick, pollMs);
      });
    },
  };
}
