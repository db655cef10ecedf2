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
 * allows): stored, it came back as three replacement characters, past the field's length limit. Walked
 * with a stack of its own, not recursion: a body nested 6,000 deep overflowed the call stack (a 500).
 */
function illFormedAt(input: unknown): (string | number)[] | null {
  type Visit = { value: unknown; key: string | number | null; parent: Visit | null };
  const pending: Visit[] = [{ value: input, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (!LONE_SURROGATE.test(value)) continue;
      const path: (string | number)[] = [];
      for (let v: Visit | null = visit; v && v.key !== null; v = v.parent) path.unshift(v.key);
      return path;
    }
    if (value === null || typeof value !== 'object') continue;
    const entries: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      pending.push({ value: child, key, parent: visit });
    }
  }
  return null;
}
