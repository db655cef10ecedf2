// The spec's limits and words as plain values: screens that show them need no schema (and no zod).

/** The length limits of the spec, one place for the server, the client and the OpenAPI document. */
export const LIMITS = {
  /** Category and menu names. */
  catalogName: 25,
  description: 50,
  personName: 20,
  remark: 50,
  /** A reject reason typed under "Other" (the presets may be longer). */
  rejectNote: 27,
  /** An Idempotency-Key header; a longer one is refused (400), never ignored. */
  idempotencyKey: 200,
} as const;

/**
 * A text's length as people count characters (an emoji is one), as the server's limits do (zod and JSON Schema's
 * maxLength count code points); a browser's `maxLength` and `.length` count UTF-16 units, an emoji as two.
 */
export function characterCount(text: string): number {
  return [...text].length;
}

/** A person's name with nothing but spaces in it (customer-side.md's name edit). */
export const NAME_EMPTY_MESSAGE = 'Name cannot be empty';

/**
 * Characters that show nothing: white space, zero-width and joining marks, variation selectors, and the
 * blank letters (Hangul fillers, the blank Braille pattern). A name of only these leaves a ticket nameless.
 * A regular-expression class body, also given to the OpenAPI document.
 */
export const INVISIBLE_CHARACTERS =
  '\\s\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u2800\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0';
// eslint-disable-next-line no-misleading-character-class -- the combining and joining marks are listed on purpose
const VISIBLE = new RegExp(`[^${INVISIBLE_CHARACTERS}]`);

/** True when nothing of `name` would show: empty, spaces, or invisible characters only. */
export function isBlankName(name: string): boolean {
  return !VISIBLE.test(name);
}

/** Messages of staff-side.md section 5, used by the server and shown by the client. */
export const NAME_MESSAGES = {
  required: 'Input must not be null.',
  notText: 'Input must be text.',
  leadingSpace: 'Input must not start with a space.',
  lettersOnly: 'Input must contain only letters.',
  tooLong: `Input must be at most ${LIMITS.catalogName} characters.`,
} as const;

export const REJECT_PRESETS = [
  'Ingredient Unavailable',
  'Barista was not at the bar',
  'Machine Failure',
  'Barista can not fine your tumbler',
  'The shop is closing',
] as const;

export const DAILY_ORDER_LIMIT = 2;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** One mailbox, however it is written: case and a `+tag` (user+x@ is user@) do not make another account. */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at).split('+')[0] ?? '';
  return `${local}${address.slice(at)}`;
}
