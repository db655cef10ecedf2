import { randomUUID } from 'node:crypto';
import { imagesInUse } from '@drinks/projections';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { createLease } from '../relay/tables.js';
import type { ImageService } from './images.js';

/** How often the sweeper looks; an orphan lives between the retention and the retention plus this. */
const EVERY_MS = 60 * 60 * 1000;

/**
 * Photos uploaded but never put on an order (the person went back, the order was refused) are deleted
 * once they are older than the retention. An order is placed within minutes of its upload, so the
 * orders read model, never more than a moment behind the log, says which photos are in use.
 */
export function sweepOrphanImages(options: { images: ImageService; db: Pick<Db, 'knex'>; before: Date }) {
  const { images, db, before } = options;
  return images.sweep(before, (urls) => imagesInUse(db.knex, urls));
}

export interface ImageSweeperOptions {
  images: ImageService;
  db: Pick<Db, 'knex'>;
  clock: Clock;
  retentionHours: number;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Names this process in the lease (default: a random id). */
  holder?: string;
}

/**
 * One sweep an hour for the whole deployment: each API process runs the timer, and the one holding the
 * `image-sweep` lease (taken when the last holder's hour is up) sweeps. Resolves how many photos went,
 * or null when another process holds the lease.
 */
export function createImageSweep(options: ImageSweeperOptions): () => Promise<number | null> {
  const { clock, retentionHours, logger } = options;
  const lease = createLease(options.db.knex, 'image-sweep', options.holder ?? randomUUID(), EVERY_MS);
  return async () => {
    if (!(await lease.hold())) return null;
    const before = new Date(clock().getTime() - retentionHours * 3600 * 1000);
    const gone = await sweepOrphanImages({ ...options, before });
    if (gone.length > 0) logger.info({ images: gone.length }, 'deleted photos no order uses');
    return gone.length;
  };
}

export function startImageSweeper(options: ImageSweeperOptions): { stop(): void } {
  const sweep = createImageSweep(options);
  const run = () =>
    void sweep().catch((err: unknown) => options.logger.warn({ err }, 'image sweep failed; the next one tries again'));
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  const first = setTimeout(run, 60_000);
  first.unref();
  return {
    stop() {
      clearInterval(timer);
      clearTimeout(first);
    },
  };
}
