import type { Middleware } from 'koa';
import { ValidationError } from '../../errors.js';

/** Deeper than any body of ours (an order's location is three levels): refused before anything walks it. */
export const MAX_BODY_DEPTH = 16;

/**
 * Refuses a JSON body nested deeper than MAX_BODY_DEPTH with a 400. JSON.parse takes `[[[…` 50,000 deep
 * within the size limit, but JSON.stringify (the Idempotency-Key's body hash) and any recursive walk
 * overflow the call stack on it: a 500 and a logged stack for an anonymous caller. Measured without
 * recursion.
 */
export function shallowBody(): Middleware {
  return (ctx, next) => {
    if (depthOver((ctx.request as { body?: unknown }).body, MAX_BODY_DEPTH)) {
      const message = `Nested deeper than ${MAX_BODY_DEPTH} levels.`;
      throw new ValidationError(`body: ${message}`, [{ path: 'body', message }]);
    }
    return next();
  };
}

function depthOver(root: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[root, 0]];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [value, depth] = item;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(value) ? value : Object.values(value)) pending.push([child, depth + 1]);
  }
  return false;
}
