import type { EventType } from '@drinks/contracts';

/** Turns the data of a `type` event stored at `fromVersion` into the shape of `fromVersion + 1`. */
export interface Upcaster {
  type: EventType;
  fromVersion: number;
  upcast(data: unknown): unknown;
}

/** The app's upcasters. Every event type is at version 1 until one is added here. */
export const UPCASTERS: readonly Upcaster[] = [];

export interface UpcasterChain {
  /** The version new events of this type are written at. */
  currentVersion(type: string): number;
  upcast(type: string, version: number, data: unknown): { data: unknown; version: number };
}

export function upcasterChain(upcasters: readonly Upcaster[]): UpcasterChain {
  const steps = new Map<string, Upcaster>();
  const current = new Map<string, number>();
  for (const u of upcasters) {
    steps.set(`${u.type}@${u.fromVersion}`, u);
    current.set(u.type, Math.max(current.get(u.type) ?? 1, u.fromVersion + 1));
  }
  return {
    currentVersion: (type) => current.get(type) ?? 1,
    upcast(type, version, data) {
      // Most types have no upcaster: skip the per-event key building on the read path.
      if (!current.has(type)) return { data, version };
      let v = version;
      let d = data;
      for (let step = steps.get(`${type}@${v}`); step; step = steps.get(`${type}@${v}`)) {
        d = step.upcast(d);
        v += 1;
      }
      return { data: d, version: v };
    },
  };
}
