import type { EventMetadata } from '@drinks/contracts';
import type { AppState } from '../middleware/auth.js';

/**
 * Actor, correlation id and the idempotency key of a command call. The key is
 * scoped by actor and route so two callers cannot collide on one key.
 */
export function commandMetadata(
  ctx: { state: AppState; get(field: string): string; method: string; path: string },
  actor = ctx.state.user?.id,
): EventMetadata {
  const key = ctx.get('Idempotency-Key');
  return {
    ...(actor ? { actor } : {}),
    correlationId: ctx.state.requestId,
    ...(key && key.length <= 200 ? { idempotencyKey: `${actor ?? 'anonymous'}:${ctx.method} ${ctx.path}:${key}` } : {}),
  };
}
