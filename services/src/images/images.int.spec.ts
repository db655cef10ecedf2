import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, WITH_PG, type TestDb } from '../test-support/db.js';
import { AppError, ValidationError } from '../errors.js';
import { createImageService, MAX_IMAGE_SIDE, type ImageService } from './images.js';

describe.each([
  ['disk', false, 'sqlite'],
  ['sqlite', true, 'sqlite'],
  ...(WITH_PG ? [['pg', true, 'pg'] as const] : []),
] as const)('image service storing on %s', (_label, useDatabase, dialect) => {
  let images: ImageService;
  let dataDir: string;
  let db: TestDb;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'images-'));
    db = await testDatabase(dialect);
    images = createImageService({ db, dataDir, useDatabase });
  });
  afterAll(async () => {
    await db.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function status(promise: Promise<unknown>): Promise<[number, string]> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return [(err as AppError).status, (err as AppError).code];
  }

  describe('when a JPEG carries EXIF with a GPS position and an orientation', () => {
    it('stores it re-encoded without any EXIF, upright', async () => {
      const input = await photoWithGps();
      const before = await sharp(input).metadata();
      expect(before.exif?.includes(Buffer.from('Secret Camera'))).toBe(true);
      expect(before.orientation).toBe(6);
      const { url } = await images.upload(dataUrl('image/jpeg', input));
      expect(url).toMatch(/^\/api\/images\/[a-f0-9]{32}\.jpg$/);
      const stored = await images.get(url.split('/').pop()!);
      expect(stored?.contentType).toBe('image/jpeg');
      const meta = await sharp(stored!.bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      // Orientation 6 (rotate 90° clockwise) applied: 40×20 becomes 20×40.
      expect([meta.width, meta.height]).toEqual([20, 40]);
      expect(stored!.bytes.includes(Buffer.from('Secret Camera'))).toBe(false);
    });
  });

  it('never stores a photo larger than the one sent (a phone-compressed JPEG is not inflated)', async () => {
    // A noisy photo already compressed hard by the phone, as the web client does before uploading.
    const raw = Buffer.alloc(320 * 240 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 104729) % 251;
    const input = await sharp(raw, { raw: { width: 320, height: 240, channels: 3 } })
      .jpeg({ quality: 45 })
      .toBuffer();
    const { url } = await images.upload(dataUrl('image/jpeg', input));
    const stored = await images.get(url.split('/').pop()!);
    expect(stored!.bytes.length).toBeLessThanOrEqual(input.length);
    expect((await sharp(stored!.bytes).metadata()).width).toBe(320);
  });

  it(`keeps at most ${MAX_IMAGE_SIDE} px on the long side, in proportion, and one upload at a time`, async () => {
    // A 6000x3000 photo, within the 50 MP limit: stored at 2048x1024 rather than decoded and encoded whole.
    const big = await sharp({ create: { width: 6000, height: 3000, channels: 3, background: '#a0522d' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2e8b57' } })
      .png()
      .toBuffer();
    const [a, b] = await Promise.all([
      images.upload(dataUrl('image/jpeg', big)),
      images.upload(dataUrl('image/png', small)),
    ]);
    const sizeOf = async (url: string) => {
      const meta = await sharp((await images.get(url.split('/').pop()!))!.bytes).metadata();
      return [meta.width, meta.height];
    };
    expect(await sizeOf(a.url)).toEqual([2048, 1024]);
    expect(await sizeOf(b.url)).toEqual([300, 200]);
  });

  it('judges the type by the bytes: a PNG labelled JPEG is stored as PNG', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const { url } = await images.upload(dataUrl('image/jpeg', png));
    expect(url).toMatch(/\.png$/);
    expect((await images.get(url.split('/').pop()!))?.contentType).toBe('image/png');
  });

  it('takes WebP', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00a' } })
      .webp()
      .toBuffer();
    const { url } = await images.upload(dataUrl('image/webp', webp));
    expect(url).toMatch(/\.webp$/);
  });

  it('names an image by its content: the same image twice gives the same url', async () => {
    const png = await sharp({ create: { width: 9, height: 9, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const first = await images.upload(dataUrl('image/png', png));
    const second = await images.upload(dataUrl('image/png', png));
    expect(second.url).toBe(first.url);
    expect(await images.exists(first.url)).toBe(true);
  });

  it('sweeps only images stored before the cutoff that are not in use', async () => {
    const png = (background: string) =>
      sharp({ create: { width: 7, height: 7, channels: 3, background } })
        .png()
        .toBuffer();
    const kept = await images.upload(dataUrl('image/png', await png('#f0f')));
    const swept = await images.upload(dataUrl('image/png', await png('#0ff')));
    expect(await images.sweep(new Date(Date.now() - 60_000), async () => new Set())).toEqual([]);
    const gone = await images.sweep(new Date(Date.now() + 1000), async () => new Set([kept.url]));
    expect(gone).toContain(swept.url.split('/').pop());
    expect(await images.exists(swept.url)).toBe(false);
    expect(await images.exists(kept.url)).toBe(true);
  });

  // Stored in the database only: on disk an upload writes the file anew, so its age starts again by itself.
  if (useDatabase)
    it('starts an image’s age again when it is uploaded again: the sweep keeps it', async () => {
      let now = Date.parse('2025-01-06T03:00:00Z');
      const clocked = createImageService({ db, dataDir, useDatabase, clock: () => new Date(now) });
      const png = await sharp({ create: { width: 5, height: 5, channels: 3, background: '#abc' } })
        .png()
        .toBuffer();
      const { url } = await clocked.upload(dataUrl('image/png', png));
      now += 2 * 3600_000;
      await clocked.upload(dataUrl('image/png', png));
      expect(await clocked.sweep(new Date(now - 3600_000), async () => new Set())).not.toContain(url.split('/').pop());
      expect(await images.exists(url)).toBe(true);
    });

  it('refuses text labelled image/png with 415', async () => {
    expect(await status(images.upload(dataUrl('image/png', Buffer.from('hello, I am not a picture'))))).toEqual([
      415,
      'UNSUPPORTED_IMAGE',
    ]);
  });

  it('refuses a GIF and a truncated JPEG with 415', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect(await status(images.upload(dataUrl('image/gif', gif)))).toEqual([415, 'UNSUPPORTED_IMAGE']);
    const jpeg = await photoWithGps();
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect(await status(images.upload(dataUrl('image/jpeg', fake)))).toEqual([415, 'UNSUPPORTED_IMAGE']);
    expect(await status(images.upload(dataUrl('image/jpeg', jpeg.subarray(0, jpeg.length / 2))))).toEqual([
      415,
      'UNSUPPORTED_IMAGE',
    ]);
  });

  it('refuses more than 5 MB decoded with 413', async () => {
    expect(await status(images.upload(dataUrl('image/jpeg', Buffer.alloc(6 * 1024 * 1024, 1))))).toEqual([
      413,
      'PAYLOAD_TOO_LARGE',
    ]);
  });

  it('refuses anything but a base64 data URL with 400', async () => {
    for (const bad of [
      'hello',
      'data:image/png,abcd',
      'data:image/png;base64,@@@@',
      'data:image/png;base64,abc',
      'data:image/png;base64,',
    ]) {
      await expect(images.upload(bad)).rejects.toBeInstanceOf(ValidationError);
    }
  });

  it('refuses names that are not content hashes, so no path leaves the image folder', async () => {
    for (const name of [
      '../jwt-secret',
      '..%2Fjwt-secret',
      'abc.png',
      `${'a'.repeat(32)}.gif`,
      `${'A'.repeat(32)}.png`,
    ]) {
      expect(await images.get(name)).toBeNull();
    }
    expect(await images.get(`${'a'.repeat(32)}.png`)).toBeNull();
    expect(await images.exists('/api/images/../../etc/passwd')).toBe(false);
    expect(await images.exists('https://elsewhere.example/x.png')).toBe(false);
    expect(await images.exists(`/api/images/${'b'.repeat(32)}.jpg`)).toBe(false);
  });

  if (!useDatabase) {
    it('leaves no temporary files behind', () => {
      expect(readdirSync(join(dataDir, 'images')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
  }
});

function dataUrl(mime: string, bytes: Buffer): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}

function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c84' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Secret Camera', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '100/1 30/1 0/1' },
    })
    .toBuffer();
}
