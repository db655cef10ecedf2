import { ERROR_MESSAGES, type Category, type ErrorCode } from '@drinks/contracts';
import { ApiError } from '../../lib/api-client.js';

/** The server's words for an unknown category, said as well of a deleted (unavailable) one. */
export const NO_SUCH_CATEGORY = 'No such category.';
export const NO_SUCH_MENU = 'This menu no longer exists.';
/** What waits for the cafe and the bar both closed (the server's 409 SHOP_OPEN), said before it is tried. */
export const CLOSE_TO_EDIT_CATEGORIES = 'Close the cafe and the bar to edit categories.';
export const CLOSE_TO_RENAME_MENU =
  'While the cafe or the bar is open, only the description and the status can change. Close both to rename this menu or move it to another category.';
/** A catalog that could not be read: not the same as one without the menu. */
export const CATEGORIES_NOT_LOADED = 'The menus could not be loaded. Try again later.';

/** The spec's words for a refused catalog change. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError && err.code && ERROR_MESSAGES[err.code as ErrorCode])
    return ERROR_MESSAGES[err.code as ErrorCode]!;
  return err instanceof Error && err.message ? err.message : 'Please try again later';
}

/**
 * Why a category's page (its menus, its edit form) has nothing to offer, or null: a soft-deleted category,
 * still there for an old link, is as gone as an unknown one.
 */
export function categoryProblem(category: { data?: Category; error: unknown }): string | null {
  if (category.error) return errorText(category.error);
  return category.data?.isAvailable === 'unavailable' ? NO_SUCH_CATEGORY : null;
}
