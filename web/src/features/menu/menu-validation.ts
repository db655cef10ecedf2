import { CatalogName, Description, LIMITS } from '@drinks/contracts';

export const NAME_MAX = LIMITS.catalogName;
export const DESCRIPTION_MAX = LIMITS.description;
export const MISSING_MENU_FIELDS = 'Make sure that you input name and select category for this menu';
/** "Please answer both questions." */
export const ANSWER_BOTH_QUESTIONS = 'กรุณาตอบคำถามทั้งสองข้อ';

/** The first message of the name rules, or null when the name is valid. */
export function nameError(name: string): string | null {
  const r = CatalogName.safeParse(name);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

export function descriptionError(description: string): string | null {
  const r = Description.safeParse(description);
  return r.success ? null : `Description must be at most ${DESCRIPTION_MAX} characters.`;
}

/** An empty description is sent as '-'. */
export function descriptionOrDash(description: string): string {
  return description.trim() === '' ? '-' : description;
}

/** '-' is how the server stores "no description"; the form shows it empty. */
export function descriptionForForm(description: string): string {
  return description === '-' ? '' : description;
}
