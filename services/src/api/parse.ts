import type { z } from 'zod';
import { NotFoundError, ValidationError } from '../errors.js';

/**
 * Plain words where a schema has no message of its own: zod's default ("Invalid input: expected string,
 * received undefined") reads like a stack trace to whoever filled the form.
 */
const PLAIN: { error: z.core.$ZodErrorMap } = {
  error: (issue) => {
    if (issue.code !== 'invalid_type') return undefined;
    if (issue.input === undefined) return 'Required.';
    return `Expected ${EXPECTED[issue.expected] ?? issue.expected}.`;
  },
};
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/**
 * Query keys in the bracket forms some clients send lists in (`status[]=a`, `status[0]=a`, axios's and qs's
 * defaults): read as unknown keys and dropped, the filter was silently not applied and every order came back.
 */
function bracketedKeys(input: unknown): string[] {
  if (input === null || typeof input !== 'object') return [];
  return Object.keys(input).filter((key) => /^[^[\]]+\[[^\]]*\]/.test(key));
}

/** Parses input with a contract schema; a failure is a 400 listing each field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, what = 'body'): z.infer<S> {
  if (what === 'query') {
    const errors = bracketedKeys(input).map((key) => {
      const name = key.slice(0, key.indexOf('['));
      return { path: name, message: `${key} is not read: give a list as ?${name}=a&${name}=b or ?${name}=a,b.` };
    });
    if (errors.length > 0) throw invalid(errors);
  }
  const result = schema.safeParse(input ?? {}, PLAIN);
  if (result.success) return result.data;
  // Two checks of one schema may find the same fault (an empty reason is both too short and blank): said once.
  const errors = new Map<string, { path: string; message: string }>();
  for (const i of result.error.issues) {
    const path = i.path.length ? i.path.join('.') : what;
    errors.set(`${path}\n${i.message}`, { path, message: i.message });
  }
  throw invalid([...errors.values()]);
}

const invalid = (errors: { path: string; message: string }[]) =>
  new ValidationError(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);

/** Text that holds U+0000, which PostgreSQL's text cannot (a query carrying one fails there). */
export const holdsNul = (text: string) => text.includes('\u0000');

/** The `:id` (or another) path parameter; the router guarantees it when the route matched. */
export function pathParam(ctx: { params: Record<string, string | undefined> }, name = 'id'): string {
  const value = ctx.params[name];
  // No id is that long, nor holds a NUL (which PostgreSQL cannot even look up): nothing is there (API.md: a
  // resource that does not exist is a 404).
  if (value !== undefined && (value.length > 64 || holdsNul(value))) throw new NotFoundError('Not found.');
  if (value === undefined || value.length === 0) {
    throw new ValidationError(`Bad path parameter ${name}.`, [{ path: name, message: 'Invalid' }]);
  }
  return value;
}
