import type { z } from 'zod';
import { NotFoundError, ValidationError } from '../errors.js';

/** Parses input with a contract schema; a failure is a 400 listing each field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, what = 'body'): z.infer<S> {
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
  // No id is that long: nothing is there (API.md: a resource that does not exist is a 404).
  if (value !== undefined && value.length > 64) throw new NotFoundError('Not found.');
  if (value === undefined || value.length === 0) {
    throw new ValidationError(`Bad path parameter ${name}.`, [{ path: name, message: 'Invalid' }]);
  }
  return value;
}
