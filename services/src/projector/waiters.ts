import type { CheckpointWatcher } from './checkpoints.js';

interface Waiter {
  position: number;
  finish(reached: boolean): void;
}

/**
 * Waits resolved in-process when this projector advances, and by polling the
 * checkpoints table in case a projector in another process does the work.
 */
export function createWaiters(position: () => number, watcher: CheckpointWatcher, pollMs = 25) {
  const waiters = new Set<Waiter>();
  return {
    notify(): void {
      const now = position();
      for (const w of waiters) if (now >= w.position) w.finish(true);
    },
    waitFor(target: number, timeoutMs: number): Promise<boolean> {
      if (position() >= target) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        let polling = false;
        const waiter: Waiter = {
          position: target,
          finish(reached) {
            if (!waiters.delete(waiter)) return;
            clearTimeout(timer);
            clearInterval(poll);
            resolve(reached);
          },
        };
        const timer = setTimeout(() => waiter.finish(false), timeoutMs);
        const poll = setInterval(() => {
          if (polling) return;
          polling = true;
          watcher
            .current()
            .then((p) => p >= target && waiter.finish(true))
            .catch(() => undefined)
            .finally(() => (polling = false));
        }, pollMs);
        waiters.add(waiter);
      });
    },
  };
}
