import type { z } from 'zod';
import { ValidationError } from '../errors.js';

/** Parses input with a contract schema; a failure is a 400 listing each field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, what = 'body'): z.infer<S> {
  const broken = illFormedAt(input);
  if (broken) {
    const path = broken.length ? broken.join('.') : what;
    const message = 'Text with a lone UTF-16 surrogate is not valid Unicode.';
    throw new ValidationError(`${path}: ${message}`, [{ path, message }]);
  }
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => ({
    path: i.path.length ? i.path.join('.') : what,
    message: i.message,
  }));
  throw new ValidationError(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}

/** The `:id` (or another) path parameter; the router guarantees it when the route matched. */
export function pathParam(ctx: { params: Record<string, string | undefined> }, name = 'id'): string {
  const value = ctx.params[name];
  if (value === undefined || value.length === 0 || value.length > 64) {
    throw new ValidationError(`Bad path parameter ${name}.`, [{ path: name, message: 'Invalid' }]);
  }
  return value;
}

/** Read by code point (the u flag), a pair is one character: only a lone half is in category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Where the input holds a string that is not well-formed UTF-16 (a lone surrogate, as JSON's "\\ud800"
 * allows): stored, it came back as three replacement characters, past the field's length limit.
 */
function illFormedAt(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = illFormedAt(value[i], [...path, i]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = illFormedAt(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}
