import type { z } from 'zod';
import { NotFoundError, ValidationError } from '../errors.js';

/**
 * Plain words where a schema has no message of its own: zod's default ("Invalid input: expected string,
 * received undefined") reads like a stack trace to whoever filled the form.
 */
const PLAIN: { error: z.core.$ZodErrorMap } = {
  error: (issue) => {
    // A missing enum or literal is refused as a wrong value ("Invalid option: expected one of …"): it is missing.
    if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value'))
      return 'Required.';
    if (issue.code === 'invalid_type') return `Expected ${EXPECTED[issue.expected] ?? issue.expected}.`;
    if (issue.code === 'invalid_value') return `Expected ${oneOf(issue.values)}.`;
    if (issue.code === 'too_small') return sizeWords(issue, issue.minimum);
    if (issue.code === 'too_big') return sizeWords(issue, issue.maximum);
    return undefined;
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

const oneOf = (values: readonly unknown[]) =>
  values.length === 1 ? JSON.stringify(values[0]) : `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;

const UNITS: Record<string, [string, string]> = { string: ['character', 'characters'], array: ['item', 'items'] };

/** "At least 1 character.", "At most 1000." (a number's bound is the number itself). */
function sizeWords(issue: { code: 'too_small' | 'too_big'; origin: string; inclusive?: boolean }, bound: unknown) {
  const unit = UNITS[issue.origin];
  if (!unit && issue.origin !== 'number') return undefined;
  const small = issue.code === 'too_small';
  const words = issue.inclusive === false ? (small ? 'More than' : 'Less than') : small ? 'At least' : 'At most';
  return `${words} ${String(bound)}${unit ? ` ${unit[Number(bound) === 1 ? 0 : 1]}` : ''}.`;
}

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
      // Where one value is read, the list forms are no advice: they are refused as given twice.
      const once = readsOne(schema, name);
      const advice = once ? `give it once, as ?${name}=…` : `give a list as ?${name}=a&${name}=b or ?${name}=a,b`;
      return { path: name, message: `${key} is not read: ${advice}.` };
    });
    if (errors.length > 0) throw invalid(errors);
  }
  const result = schema.safeParse(input ?? {}, PLAIN);
  if (result.success) return result.data;
  // Two checks of one schema may find the same fault (an empty reason is both too short and blank): said once.
  const errors = new Map<string, { path: string; message: string }>();
  for (const i of result.error.issues) {
    const path = i.path.length ? i.path.join('.') : what;
    const message = givenTwice(what, input, i) ? ONCE : i.message;
    errors.set(`${path}\n${message}`, { path, message });
  }
  throw invalid([...errors.values()]);
}

const ONCE = 'Given more than once: give it once.';

/**
 * A query key given twice arrives as a list: where one value is read, `?startDate=a&startDate=b` was refused
 * as "startDate: Expected text." (and `?limit=1&limit=2` as not a number), which it was.
 */
function givenTwice(what: string, input: unknown, issue: z.core.$ZodIssue): boolean {
  if (what !== 'query' || issue.path.length !== 1 || input === null || typeof input !== 'object') return false;
  const value = (input as Record<PropertyKey, unknown>)[issue.path[0] as PropertyKey];
  return Array.isArray(value) && (issue.code === 'invalid_type' || issue.code === 'invalid_value');
}

/** The query key takes one value: a list under it is refused as given twice. */
function readsOne(schema: z.ZodType, name: string): boolean {
  const list = { [name]: ['', ''] };
  const result = schema.safeParse(list, PLAIN);
  return !result.success && result.error.issues.some((i) => i.path.length === 1 && givenTwice('query', list, i));
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
