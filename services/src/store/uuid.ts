import { randomUUID } from 'node:crypto';

/**
 * A time-ordered UUID (version 7, RFC 9562): random v4 bits under a 48-bit millisecond prefix.
 * New ids land at the right edge of the unique index on events.id instead of on a random page,
 * which keeps each group commit's WAL write (and fsync) small.
 */
export function uuidv7(now = Date.now()): string {
  const ts = now.toString(16).padStart(12, '0');
  const r = randomUUID();
  return `${ts.slice(0, 8)}-${ts.slice(8, 12)}-7${r.slice(15, 18)}-${r.slice(19)}`;
}
