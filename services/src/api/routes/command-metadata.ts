import type { EventMetadata } from '@drinks/contracts';
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
  return key && key.length <= 200 ? `${actor ?? 'anonymous'}:${ctx.method} ${ctx.path}:${key}` : undefined;
}
