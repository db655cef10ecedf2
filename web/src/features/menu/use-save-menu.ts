import type { Category } from '@drinks/contracts';
import { useLocation, useNavigate } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { paths } from '../../lib/paths.js';
import type { MenuDraft } from './components/menu-form.js';
import { errorText } from './menu-errors.js';
import { descriptionError, nameError } from './menu-validation.js';

/** The history state of a link from a category's list to a menu form: the list is the entry before the form. */
export const openedFrom = (categoryId: string) => ({ openedFromCategory: categoryId });

/**
 * Saving a menu from its form, added or edited alike: the spec's alert when a required answer is
 * missing, nothing sent while a field shows its error, then the menu's category in the form's place, or the
 * server's words.
 */
export function useSaveMenu(options: {
  categories: readonly Category[];
  back: string;
  missing: (d: MenuDraft) => string | null;
  save: (d: MenuDraft, opened: MenuDraft) => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const alert = useAlert();
  const { state } = useLocation();
  const from = (state as Partial<ReturnType<typeof openedFrom>> | null)?.openedFromCategory;
  return async (d: MenuDraft, opened: MenuDraft) => {
    const missing = options.missing(d);
    if (missing) return void (await alert(missing));
    if (nameError(d.name) || descriptionError(d.description)) return;
    try {
      await options.save(d, opened);
      const target = options.categories.find((c) => c.id === d.category_id);
      // The saved form leaves the history, as a saved category's does (staff-side.md §2): Back does not reopen it.
      // Opened from the list it returns to, it goes back there, so that Back then leaves the list (replacing
      // the form with the list stacked it twice: the first Back seemed to do nothing).
      if (target && target.id === from) void navigate(-1);
      else void navigate(target ? paths.categoryMenus(target.name, target.id) : options.back, { replace: true });
    } catch (err) {
      await alert(errorText(err));
    }
  };
}
