import { imagesInUse } from '@drinks/projections';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
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

export function startImageSweeper(options: {
  images: ImageService;
  db: Pick<Db, 'knex'>;
  clock: Clock;
  retentionHours: number;
  logger: Logger;
}): { stop(): void } {
  const { clock, retentionHours, logger } = options;
  const run = async () => {
    try {
      const before = new Date(clock().getTime() - retentionHours * 3600 * 1000);
      const gone = await sweepOrphanImages({ ...options, before });
      if (gone.length > 0) logger.info({ images: gone.length }, 'deleted photos no order uses');
    } catch (err) {
      logger.warn({ err }, 'image sweep failed; the next one tries again');
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  const first = setTimeout(() => void run(), 60_000);
  first.unref();
  return {
    stop() {
      clearInterval(timer);
      clearTimeout(first);
    },
  };
}
