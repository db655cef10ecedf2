export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock pinned at `start` that moves on with real time (for FAKE_NOW demos and e2e tests). */
export function offsetClock(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}
