// The tumbler photo's size search (customer-side.md §5), free of the DOM so it can be tested.

export const TARGET_BYTES = 1024 * 1024;
export const MIN_QUALITY = 0.1;
export const MAX_QUALITY = 0.95;
export const MAX_TRIES = 10;
export const ACCEPT_FROM = 0.8;
export const SHRINK = 0.8;
export const MIN_SIDE = 100;

export interface Encoded {
  size: number;
}

/** Encodes the image at the given pixel size and JPEG quality. */
export type Encode<T extends Encoded> = (width: number, height: number, quality: number) => Promise<T>;

export class CompressionError extends Error {
  override name = 'CompressionError';
}

/**
 * Binary-searches the quality between 0.1 and 0.95 (up to 10 tries per size) for a result
 * between 80% and 100% of the target. If no try fits under the target, the dimensions shrink
 * by 20% and the search starts again; below 100 px on a side it gives up. When tries fit but
 * none reaches 80% (a small image), the best fitting one is taken.
 */
export async function compressSearch<T extends Encoded>(
  width: number,
  height: number,
  encode: Encode<T>,
  targetBytes = TARGET_BYTES,
): Promise<{ out: T; width: number; height: number; quality: number }> {
  let w = width;
  let h = height;
  while (Math.min(w, h) >= MIN_SIDE) {
    let lo = MIN_QUALITY;
    let hi = MAX_QUALITY;
    let best: { out: T; quality: number } | null = null;
    for (let i = 0; i < MAX_TRIES; i++) {
      const quality = i === 0 ? MAX_QUALITY : (lo + hi) / 2;
      const out = await encode(w, h, quality);
      if (out.size <= targetBytes) {
        if (!best || out.size > best.out.size) best = { out, quality };
        if (out.size >= targetBytes * ACCEPT_FROM) break;
        lo = quality;
        if (i === 0) break; // the highest quality already fits
      } else {
        hi = quality;
      }
    }
    if (best) return { out: best.out, width: w, height: h, quality: best.quality };
    w = Math.round(w * SHRINK);
    h = Math.round(h * SHRINK);
  }
  throw new CompressionError('Unable to compress image to target size');
}
