import { z } from 'zod';
import {
  INVISIBLE_CHARACTERS,
  isBlankName,
  LIMITS,
  NAME_EMPTY_MESSAGE,
  NAME_MESSAGES,
  REJECT_PRESETS,
} from './limits.js';

// Rules the server checks in code (refine) are also told to the OpenAPI document with `.meta()`, in JSON
// Schema's words, so that a client generated from it validates what the server does.

// Latin letters and Thai letters with their vowel and tone marks: the Thai block (U+0E00–U+0E7F) without its
// digits (๐–๙), the baht sign (฿) and its punctuation (๏ ๚ ๛).
const LETTER = 'A-Za-z\\u0E01-\\u0E3A\\u0E40-\\u0E4E';
const LETTERS_AND_SPACES = new RegExp(`^[${LETTER} ]+$`);

export const CatalogName = z
  // Missing or null is the spec's "must not be null"; a number or an object is not text.
  .string({ error: (issue) => (issue.input == null ? NAME_MESSAGES.required : NAME_MESSAGES.notText) })
  .min(1, NAME_MESSAGES.required)
  .refine((s) => !s.startsWith(' '), NAME_MESSAGES.leadingSpace)
  .refine((s) => s.length === 0 || LETTERS_AND_SPACES.test(s), NAME_MESSAGES.lettersOnly)
  .refine((s) => s.length <= LIMITS.catalogName, NAME_MESSAGES.tooLong)
  .meta({ maxLength: LIMITS.catalogName, pattern: `^[${LETTER}][${LETTER} ]*$` });

// Control characters, and the marks that reverse or isolate the text after them (a name shown to staff
// could otherwise rewrite what follows it on their screens).
const UNPRINTABLE = '\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';
const unprintable = new RegExp(`[${UNPRINTABLE}]`);
// The same, in free text that may hold tabs and line breaks (a description is written in a multi-line box).
const UNPRINTABLE_IN_TEXT = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';
const unprintableInText = new RegExp(`[${UNPRINTABLE_IN_TEXT}]`);

export const Description = z
  .string()
  .max(LIMITS.description, `Description must be at most ${LIMITS.description} characters.`)
  .refine((s) => !unprintableInText.test(s), 'Description must not contain control characters.')
  .meta({ pattern: `^[^${UNPRINTABLE_IN_TEXT}]*$` });

export const PersonName = z
  .string()
  // Stored trimmed, so measured trimmed: ' 19 characters ' was refused as over 20.
  .trim()
  .max(LIMITS.personName, `Name must be at most ${LIMITS.personName} characters.`)
  .refine((s) => !isBlankName(s), NAME_EMPTY_MESSAGE)
  .refine((s) => !unprintable.test(s), 'Name must not contain control characters.')
  .meta({ pattern: `^(?=[\\s\\S]*[^${INVISIBLE_CHARACTERS}])[^${UNPRINTABLE}]*$` });

export const Remark = z
  .string()
  .max(LIMITS.remark, `Remark must be at most ${LIMITS.remark} characters.`)
  .refine((s) => !unprintableInText.test(s), 'Remark must not contain control characters.')
  .meta({ pattern: `^[^${UNPRINTABLE_IN_TEXT}]*$` });

export const RejectNote = z
  .string()
  .min(1, 'A reason is required.')
  .refine(
    // Characters as people count them (an emoji is one), as JSON Schema's maxLength does.
    (s) => (REJECT_PRESETS as readonly string[]).includes(s) || [...s].length <= LIMITS.rejectNote,
    `A reason must be at most ${LIMITS.rejectNote} characters.`,
  )
  .refine((s) => !/^\s/.test(s), 'A reason must not start with a space.')
  // A zero-width space alone passes the checks above and shows the customer an empty reason.
  .refine((s) => !isBlankName(s), 'A reason is required.')
  .refine((s) => !unprintable.test(s), 'A reason must not contain control characters.')
  .meta({
    pattern: `^(?=[\\s\\S]*[^${INVISIBLE_CHARACTERS}])\\S[^${UNPRINTABLE}]*$`,
    anyOf: [{ enum: [...REJECT_PRESETS] }, { maxLength: LIMITS.rejectNote }],
  });
