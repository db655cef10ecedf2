import { characterCount } from '@drinks/contracts';

/**
 * A text field's value after an edit, held to `max` characters as a browser's maxLength holds it, but counting
 * characters as the server does (an emoji is one; maxLength counts it as two): what the edit put in is cut to
 * the room left, where it was put, and the rest stays as it was. Deleting is never refused.
 */
export function fitEdit(previous: string, next: string, max: number): string {
  if (characterCount(next) <= max) return next;
  const before = [...previous];
  const after = [...next];
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end += 1;
  const put = after.slice(start, after.length - end).slice(0, Math.max(0, max - start - end));
  return [...after.slice(0, start), ...put, ...after.slice(after.length - end)].join('');
}
