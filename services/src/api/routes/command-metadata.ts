import { LIMITS, type EventMetadata } from '@drinks/contracts';
import { ValidationError } from '../../errors.js';
import type { AppState } from '../middleware/auth.js';

/**
 * Actor, correlation id and the idempotency key of a command call. The key is
 * scoped by actor and route so two callers cannot collide on one key.
 */
export function commandMetadata(ctx: KeyCtx, actor = ctx.state.user?.id): EventMetadata {
  const idempotencyKey = scopedIdempotencyKey(ctx, actor);
  return {
    ...(actor ? { actor } : {}),
    correlationId: ctx.state.requestId,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

type KeyCtx = { state: AppState; get(field: string): string; method: string; path: string };

export function scopedIdempotencyKey(ctx: KeyCtx, actor = ctx.state.user?.id): string | undefined {
  const key = ctx.get('Idempotency-Key');
  if (!key) return undefined;
  // Refused rather than ignored: ignored, the key's retry would run the command again.
  if (key.length > LIMITS.idempotencyKey) {
    const message = `At most ${LIMITS.idempotencyKey} characters.`;
    throw new ValidationError(`Idempotency-Key: ${message}`, [{ path: 'Idempotency-Key', message }]);
  }
  return `${actor ?? 'anonymous'}:${ctx.method} ${routePath(ctx.path)}:${key}`;
}

/** The path as the router matches it (any case, a trailing slash or not): one call, one key. */
export function routePath(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '');
}
