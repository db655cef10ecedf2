import { describe, expect, it } from 'vitest';
import { compressSearch, TARGET_BYTES } from './compress-search.js';

// A fake encoder: size grows with pixels and quality, like JPEG does.
const fakeEncoder = (bytesPerPixelAtFull: number) => {
  const calls: { w: number; h: number; q: number }[] = [];
  const encode = async (w: number, h: number, q: number) => {
    calls.push({ w, h, q });
    return { size: Math.round(w * h * bytesPerPixelAtFull * q) };
  };
  return { encode, calls };
};

describe('compressSearch', () => {
  it('finds a quality landing between 80% and 100% of the target', async () => {
    const { encode, calls } = fakeEncoder(0.5);
    const r = await compressSearch(4000, 3000, encode);
    expect(r.out.size).toBeLessThanOrEqual(TARGET_BYTES);
    expect(r.out.size).toBeGreaterThanOrEqual(TARGET_BYTES * 0.8);
    expect(r.width).toBe(4000);
    expect(r.quality).toBeGreaterThanOrEqual(0.1);
    expect(r.quality).toBeLessThanOrEqual(0.95);
    expect(calls.length).toBeLessThanOrEqual(10);
  });

  it('shrinks the dimensions by 20% per round when even the lowest quality is too big', async () => {
    const { encode, calls } = fakeEncoder(3);
    const r = await compressSearch(4000, 3000, encode);
    expect(r.out.size).toBeLessThanOrEqual(TARGET_BYTES);
    expect(r.width).toBeLessThan(4000);
    const widths = [...new Set(calls.map((c) => c.w))];
    expect(widths.slice(0, 3)).toEqual([4000, 3200, 2560]);
    for (const w of widths) expect(calls.filter((c) => c.w === w).length).toBeLessThanOrEqual(10);
  });

  it('takes a small image at the highest quality in one try', async () => {
    const { encode, calls } = fakeEncoder(0.2);
    const r = await compressSearch(800, 600, encode);
    expect(calls).toHaveLength(1);
    expect(r.quality).toBe(0.95);
    expect(r.width).toBe(800);
  });

  it('gives up below 100 px on a side', async () => {
    const encode = async () => ({ size: TARGET_BYTES * 10 });
    await expect(compressSearch(400, 300, encode)).rejects.toThrow('Unable to compress image to target size');
  });
});
