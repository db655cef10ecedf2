import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@drinks/contracts';
import type { Db } from '../db/database.js';
import { systemClock, type Clock } from '../clock.js';
import { AppError, ValidationError } from '../errors.js';

export const IMAGE_URL_PREFIX = '/api/images/';
const NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;
// A 5 MB file can still decode to a huge bitmap; 50 MP covers phone cameras.
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * The longest side kept: the barista tells cups apart on a thumbnail and a zoom. A 7000x7000 JPEG was
 * decoded whole and encoded up to four times (6.8 s here, the threadpool full for logins meanwhile);
 * shrunk on load, JPEG and WebP decode at a fraction of the work.
 */
export const MAX_IMAGE_SIDE = 2048;

type Format = 'jpeg' | 'png' | 'webp';
const FORMATS: Record<Format, { ext: string; contentType: string }> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
};
const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export interface ImageService {
  upload(dataUrl: string): Promise<{ url: string }>;
  get(name: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** True when `url` is one this service handed out and the image is stored. */
  exists(url: string): Promise<boolean>;
  /** Deletes the images stored before `before` whose URL `inUse` does not return; answers their names. */
  sweep(before: Date, inUse: (urls: string[]) => Promise<Set<string>>): Promise<string[]>;
}

export interface ImageServiceOptions {
  db: Pick<Db, 'knex'>;
  dataDir: string;
  useDatabase: boolean;
  clock?: Clock;
}

/**
 * How long this process takes an image it stored to be there without asking the database: a cafe order
 * follows its photo's upload within moments. Far shorter than the sweeper's retention (at least an hour),
 * which an upload of the same image starts again.
 */
const STORED_LATELY_MS = 10 * 60_000;

export function createImageService(options: ImageServiceOptions): ImageService {
  const { db, useDatabase, clock = systemClock } = options;
  const dir = join(options.dataDir, 'images');
  const storedLately = new Map<string, number>();

  async function store(name: string, bytes: Buffer, contentType: string): Promise<void> {
    if (useDatabase) {
      await db
        .knex('images')
        .insert({ name, content_type: contentType, bytes, created_at: clock().toISOString() })
        .onConflict('name')
        .merge(['created_at']);
      if (storedLately.size >= 10_000) storedLately.clear();
      storedLately.set(name, clock().getTime());
      return;
    }
    await mkdir(dir, { recursive: true });
    // Readers never see a half-written file: write aside, then rename into place.
    const temp = join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, bytes, { mode: 0o644 });
      await rename(temp, join(dir, name));
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async function get(name: string) {
    if (!NAME.test(name)) return null;
    if (useDatabase) {
      const row = await db.knex('images').where({ name }).first('bytes', 'content_type');
      return row ? { bytes: Buffer.from(row.bytes), contentType: String(row.content_type) } : null;
    }
    try {
      const bytes = await readFile(join(dir, name));
      return { bytes, contentType: CONTENT_TYPES[name.split('.')[1]!]! };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  return {
    async upload(dataUrl) {
      const input = decodeDataUrl(dataUrl);
      const format = sniff(input);
      if (!format) throw new AppError(415, 'UNSUPPORTED_IMAGE', 'Only JPEG, PNG and WebP images are accepted.');
      const output = await oneAtATime(() => reencode(input, format));
      const { ext, contentType } = FORMATS[format];
      const name = `${createHash('sha256').update(output).digest('hex').slice(0, 32)}.${ext}`;
      await store(name, output, contentType);
      return { url: IMAGE_URL_PREFIX + name };
    },
    get,
    async exists(url) {
      if (typeof url !== 'string' || !url.startsWith(IMAGE_URL_PREFIX)) return false;
      const name = url.slice(IMAGE_URL_PREFIX.length);
      if (!NAME.test(name)) return false;
      if (useDatabase) {
        const storedAt = storedLately.get(name);
        if (storedAt !== undefined && clock().getTime() - storedAt < STORED_LATELY_MS) return true;
        return (await db.knex('images').where({ name }).first('name')) !== undefined;
      }
      // Synchronous on purpose: every cafe order asks this, and a stat of a file in DATA_DIR takes ~2 µs
      // where fs/promises' stat costs 12-50 µs of dispatch (threadpool and promise) on the event loop.
      try {
        return statSync(join(dir, name)).isFile();
      } catch {
        return false;
      }
    },
    async sweep(before, inUse) {
      const candidates = useDatabase
        ? ((await db.knex('images').where('created_at', '<', before.toISOString()).pluck('name')) as string[])
        : await storedBefore(dir, before);
      const gone: string[] = [];
      for (let i = 0; i < candidates.length; i += 500) {
        const names = candidates.slice(i, i + 500);
        const used = await inUse(names.map((n) => IMAGE_URL_PREFIX + n));
        const orphans = names.filter((n) => !used.has(IMAGE_URL_PREFIX + n));
        if (orphans.length === 0) continue;
        for (const name of orphans) storedLately.delete(name);
        // Still old when deleted: an upload of the same image meanwhile has started its age again.
        if (useDatabase)
          await db.knex('images').whereIn('name', orphans).where('created_at', '<', before.toISOString()).delete();
        else await Promise.all(orphans.map((n) => rm(join(dir, n), { force: true })));
        gone.push(...orphans);
      }
      return gone;
    },
  };
}

async function storedBefore(dir: string, before: Date): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names.filter((n) => NAME.test(n))) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && info.mtimeMs < before.getTime()) old.push(name);
  }
  return old;
}

/** `data:<mime>[;param=value]*;base64,<payload>`; the label is ignored, the bytes decide. */
export function decodeDataUrl(dataUrl: string): Buffer {
  const invalid = () =>
    new ValidationError('file must be a base64 data URL', [
      { path: 'file', message: 'Expected data:image/…;base64,…' },
    ]);
  if (typeof dataUrl !== 'string' || !dataUrl.startsWith('data:')) throw invalid();
  const comma = dataUrl.indexOf(',');
  if (comma < 0 || comma > 200) throw invalid();
  const header = dataUrl.slice(5, comma);
  if (!/^[a-z]+\/[a-z0-9.+-]+(;[a-z0-9-]+=[a-z0-9.+-]+)*;base64$/i.test(header)) throw invalid();
  const payload = dataUrl.slice(comma + 1);
  // Judge the size before decoding so an oversized body costs no second copy.
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  if ((payload.length / 4) * 3 - padding > MAX_IMAGE_BYTES) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Images may be at most 5 MB.');
  }
  if (payload.length === 0 || payload.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) throw invalid();
  return Buffer.from(payload, 'base64');
}

export function sniff(bytes: Buffer): Format | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/**
 * Photos are prepared one at a time in a process: each takes libuv's threadpool, which password hashing
 * and file access share. Eight large uploads at once held a sign-in for 13 s; in turn, they wait, not logins.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** Re-encoding applies the EXIF orientation and, without withMetadata, drops EXIF, GPS, XMP and ICC. */
/** Qualities tried, best first, until the re-encoded photo is no larger than what was sent. */
const LOSSY_QUALITIES = [82, 70, 55, 40] as const;

/**
 * Decoded and encoded anew (no metadata survives, a decompression bomb stops at the pixel limit), upright,
 * and never larger than the upload: a photo the phone already compressed is not inflated by a second pass.
 */
async function reencode(input: Buffer, format: Format): Promise<Buffer> {
  const encode = (quality: number) => {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    const typed =
      format === 'jpeg'
        ? image.jpeg({ quality, mozjpeg: true })
        : format === 'webp'
          ? image.webp({ quality })
          : image.png({ compressionLevel: 9, adaptiveFiltering: true, palette: quality < LOSSY_QUALITIES[0] });
    return typed.timeout({ seconds: 20 }).toBuffer();
  };
  try {
    let smallest: Buffer | null = null;
    for (const quality of LOSSY_QUALITIES) {
      const out = await encode(quality);
      if (!smallest || out.length < smallest.length) smallest = out;
      if (out.length <= input.length) return out;
    }
    return smallest!;
  } catch {
    throw new AppError(415, 'UNSUPPORTED_IMAGE', 'The image could not be read.');
  }
}
