import { z } from 'zod';

/** The length limits of the spec, one place for the server, the client and the OpenAPI document. */
export const LIMITS = {
  /** Category and menu names. */
  catalogName: 25,
  description: 50,
  personName: 20,
  remark: 50,
  /** A reject reason typed under "Other" (the presets may be longer). */
  rejectNote: 27,
} as const;

/** Messages of staff-side.md section 5, used by the server and shown by the client. */
export const NAME_MESSAGES = {
  required: 'Input must not be null.',
  leadingSpace: 'Input must not start with a space.',
  lettersOnly: 'Input must contain only letters.',
  tooLong: `Input must be at most ${LIMITS.catalogName} characters.`,
} as const;

// Latin letters, Thai block (U+0E00–U+0E7F) and spaces.
const LETTERS_AND_SPACES = /^[A-Za-z\u0E00-\u0E7F ]+$/;

export const CatalogName = z
  .string({ error: NAME_MESSAGES.required })
  .min(1, NAME_MESSAGES.required)
  .refine((s) => !s.startsWith(' '), NAME_MESSAGES.leadingSpace)
  .refine((s) => s.length === 0 || LETTERS_AND_SPACES.test(s), NAME_MESSAGES.lettersOnly)
  .refine((s) => s.length <= LIMITS.catalogName, NAME_MESSAGES.tooLong);

export const Description = z
  .string()
  .max(LIMITS.description, `Description must be at most ${LIMITS.description} characters.`);

export const PersonName = z
  .string()
  .max(LIMITS.personName, `Name must be at most ${LIMITS.personName} characters.`)
  .refine((s) => s.trim().length > 0, 'Name cannot be empty');

export const Remark = z.string().max(LIMITS.remark, `Remark must be at most ${LIMITS.remark} characters.`);

export const REJECT_PRESETS = [
  'Ingredient Unavailable',
  'Barista was not at the bar',
  'Machine Failure',
  'Barista can not fine your tumbler',
  'The shop is closing',
] as const;

export const RejectNote = z
  .string()
  .min(1, 'A reason is required.')
  .refine(
    (s) => (REJECT_PRESETS as readonly string[]).includes(s) || s.length <= LIMITS.rejectNote,
    `A reason must be at most ${LIMITS.rejectNote} characters.`,
  )
  .refine((s) => !s.startsWith(' '), 'A reason must not start with a space.');

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
