import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';

type Asking = { req: { socket: { remoteAddress?: string | undefined } }; get(field: string): string };
export type MetricsVerdict = 'ok' | 'unauthorized' | 'not-found';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read /api/metrics on the app port: nobody when they have a port of their own (METRICS_PORT),
 * the bearer of METRICS_TOKEN when set, else only this machine (the socket peer, never X-Forwarded-For).
 */
export function metricsAccess(config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_PORT'>) {
  const expected = config.METRICS_TOKEN ? digest(config.METRICS_TOKEN) : null;
  return (ctx: Asking): MetricsVerdict => {
    if (config.METRICS_PORT !== undefined) return 'not-found';
    if (expected) {
      const presented = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1] ?? '';
      return timingSafeEqual(digest(presented), expected) ? 'ok' : 'unauthorized';
    }
    return LOOPBACK.has(ctx.req.socket.remoteAddress ?? '') ? 'ok' : 'not-found';
  };
}
