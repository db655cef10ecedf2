import type { Middleware } from 'koa';
import { AppError, ValidationError } from '../../errors.js';
import { holdsNul } from '../parse.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses, with a 415, a body that is not JSON: the parser skips it and the call would read an empty object,
 * answering "name: Required." to a form or text/plain body that held the name. A call without a body
 * (Content-Length 0, as fetch sends a bodiless PATCH) passes.
 */
export function jsonBodyOnly(): Middleware {
  return (ctx, next) => {
    if (!BODY_METHODS.has(ctx.method)) return next();
    const hasBody = Number(ctx.get('Content-Length') || '0') > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json', '+json'))
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON (Content-Type: application/json).');
    return next();
  };
}

/** Deeper than any body of ours (an order's location is three levels): refused before anything walks it. */
export const MAX_BODY_DEPTH = 16;

/**
 * The body is decoded as UTF-8 with every byte that is not UTF-8 replaced by U+FFFD: stored, `a\xffb` became
 * "a�b". Refused instead; no one types the replacement character itself.
 */
const REPLACEMENT = '\ufffd';

/** Read by code point (the u flag), a pair is one character: only a lone half is in category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Refuses, with a 400, a JSON body that nothing after it can take, in one walk of the parsed body:
 * - nested deeper than MAX_BODY_DEPTH: JSON.parse takes `[[[…` 50,000 deep within the size limit, but
 *   JSON.stringify (the Idempotency-Key's body hash) and any recursive walk overflow the call stack on it;
 * - holding a string that is not well-formed UTF-16 (a lone surrogate, as JSON's "\\ud800" allows): stored,
 *   it came back as three replacement characters, past the field's length limit. The field is named.
 * - holding bytes that are not UTF-8 (see REPLACEMENT);
 * - holding a NUL character (U+0000, JSON's "\\u0000"): no field of ours has a use for one, and PostgreSQL
 *   refuses it in any query (a 500 there; an id with one was a 404 on SQLite). Refused here for every field
 *   at once, so both databases answer alike: 400, the field named (a sign-in's 401, see app.ts).
 * Walked with a stack of its own, not recursion.
 */
export function checkedBody(): Middleware {
  return (ctx, next) => {
    const problem = bodyProblem((ctx.request as { body?: unknown }).body);
    if (problem) throw new ValidationError(`${problem.path}: ${problem.message}`, [problem]);
    return next();
  };
}

type Visit = { value: unknown; key: string | number | null; parent: Visit | null; depth: number };

function bodyProblem(body: unknown): { path: string; message: string } | null {
  const pending: Visit[] = [{ value: body, key: null, parent: null, depth: 0 }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value, depth } = visit;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value))
        return { path: pathOf(visit), message: 'Text with a lone UTF-16 surrogate is not valid Unicode.' };
      if (holdsNul(value)) return { path: pathOf(visit), message: 'Text must not hold a NUL character (U+0000).' };
      if (value.includes(REPLACEMENT))
        return { path: pathOf(visit), message: 'Text must be UTF-8: it held bytes that are not (or U+FFFD).' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return { path: 'body', message: `Nested deeper than ${MAX_BODY_DEPTH} levels.` };
    const entries: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
    // Pushed last to first, so the first field is looked at first (and named, when two are broken).
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      pending.push({ value: child, key, parent: visit, depth: depth + 1 });
    }
  }
  return null;
}

function pathOf(visit: Visit): string {
  const keys: (string | number)[] = [];
  for (let v: Visit | null = visit; v && v.key !== null; v = v.parent) keys.unshift(v.key);
  return keys.length > 0 ? keys.join('.') : 'body';
}
