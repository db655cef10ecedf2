// The wait estimate shown to a customer, from past orders alone: no I/O, no clock.

export interface WaitSample {
  /** Placed-to-done seconds of a completed order. */
  waitSeconds: number;
  /** Orders of its area still queued when it was placed. */
  queueAhead: number;
}

/** Below this many completed orders we show no estimate rather than a guess. */
export const MIN_SAMPLES = 8;
/** The range covers the middle 90% of comparable past waits. */
const LOW_Q = 0.05;
const HIGH_Q = 0.95;
/** Share of the samples, nearest in queue length, an estimate rests on, and their least number. */
const NEIGHBOURS = 0.25;
const MIN_NEIGHBOURS = 30;
/** A narrower basis (this menu, this hour) is used only with this many orders; fewer spread too little. */
export const PREFERRED_SAMPLES = 60;

/** Linear-interpolated quantile of an ascending, non-empty list. */
export function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** Seconds as minutes with one decimal. */
export const toMinutes = (s: number): number => Math.round(s / 6) / 10;

/**
 * A range of minutes from now to done for an order with `queueAhead` orders
 * before it: the past orders whose queue was most like it, each wait scaled
 * linearly to this queue length (waits grow with the queue), and the middle 90%
 * of those. As wide as the data is spread; null with fewer than MIN_SAMPLES.
 */
export function estimateWait(input: {
  queueAhead: number;
  samples: readonly WaitSample[];
}): { lowMinutes: number; highMinutes: number } | null {
  const { samples } = input;
  if (samples.length < MIN_SAMPLES) return null;
  const q = Math.max(0, input.queueAhead);
  const byCloseness = [...samples].sort((a, b) => Math.abs(a.queueAhead - q) - Math.abs(b.queueAhead - q));
  const k = Math.min(samples.length, Math.max(MIN_NEIGHBOURS, Math.ceil(samples.length * NEIGHBOURS)));
  // Keep every sample as close as the k-th: which of equals to drop would be arbitrary.
  const limit = Math.abs(byCloseness[k - 1]!.queueAhead - q);
  const near = byCloseness.filter((s) => Math.abs(s.queueAhead - q) <= limit);
  const scaled = near.map((s) => (s.waitSeconds * (q + 1)) / (s.queueAhead + 1)).sort((a, b) => a - b);
  const lowMinutes = Math.max(0, Math.floor(quantile(scaled, LOW_Q) / 60));
  const highMinutes = Math.max(lowMinutes + 1, Math.ceil(quantile(scaled, HIGH_Q) / 60));
  return { lowMinutes, highMinutes };
}

/** With too few past orders, the range spans half to twice the expected wait: honest about how little we know. */
const PRIOR_LOW = 0.5;
const PRIOR_HIGH = 2;

/**
 * A first guess for when the data is too thin for estimateWait: the median past wait per order in
 * the queue (the few samples there are), else the configured minutes per order, times the orders
 * up to and including this one, as a wide range.
 */
export function priorEstimate(input: {
  queueAhead: number;
  samples: readonly WaitSample[];
  defaultMinutesPerOrder: number;
}): { lowMinutes: number; highMinutes: number } {
  const places = Math.max(0, input.queueAhead) + 1;
  const perOrder = input.samples.map((s) => s.waitSeconds / (s.queueAhead + 1)).sort((a, b) => a - b);
  const perOrderSeconds = perOrder.length > 0 ? quantile(perOrder, 0.5) : input.defaultMinutesPerOrder * 60;
  const expected = perOrderSeconds * places;
  const lowMinutes = Math.max(0, Math.floor((expected * PRIOR_LOW) / 60));
  const highMinutes = Math.max(lowMinutes + 2, Math.ceil((expected * PRIOR_HIGH) / 60));
  return { lowMinutes, highMinutes };
}
