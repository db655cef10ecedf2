import { Alert, Container } from '@mui/material';
import { useParams } from 'react-router';
import { useCategories } from '../../lib/api/get-categories.js';
import { useUpdateMenu } from './api/update-menu.js';
import { isFullyClosed, type MenuPatchBody } from '@drinks/contracts';
import { MenuForm, type MenuDraft } from './components/menu-form.js';
import { PageHeader } from './components/page-header.js';
import { CATEGORIES_NOT_LOADED, CLOSE_TO_RENAME_MENU, NO_SUCH_MENU } from './menu-errors.js';
import { useSession } from '../../lib/session.js';
import { ANSWER_BOTH_QUESTIONS, descriptionForForm, descriptionOrDash } from './menu-validation.js';
import { changedFields } from './use-draft-form.js';
import { useSaveMenu } from './use-save-menu.js';
import { paths } from '../../lib/paths.js';
import { Unanswered } from '../../components/unanswered.js';

/** The menu's fields as PATCH /menu/{id} takes them. */
const menuPatch = (d: MenuDraft): MenuPatchBody => ({
  name: d.name,
  description: descriptionOrDash(d.description),
  category_id: d.category_id,
  // Never '' on save: missing() stopped that draft.
  isActive: d.isActive === '' ? undefined : d.isActive,
});

export function EditMenuPage() {
  const { menuId = '' } = useParams();
  const categories = useCategories();
  const update = useUpdateMenu();
  const available = (categories.data ?? []).filter((c) => c.isAvailable === 'available');
  const owner = (categories.data ?? []).find((c) => c.menu.some((m) => m.id === menuId));
  // A deleted menu (unavailable) is still listed for its category: it is as gone as an unknown one.
  const menu = owner?.menu.find((m) => m.id === menuId && m.isAvailable === 'available');
  const back = owner ? paths.categoryMenus(owner.name, owner.id) : paths.menuManagement;
  const { shop, shopLoaded } = useSession();
  const nameLocked = shopLoaded && !isFullyClosed(shop);

  const submit = useSaveMenu({
    categories: available,
    back,
    // A category since removed shows as no category in the select: it must be chosen again.
    missing: (d) =>
      d.name === '' || !available.some((c) => c.id === d.category_id) || d.isActive === ''
        ? ANSWER_BOTH_QUESTIONS
        : null,
    save: (d, opened) => update.mutateAsync({ id: menuId, patch: changedFields(menuPatch(d), menuPatch(opened)) }),
  });

  return (
    <Container maxWidth="sm" sx={{ py: 2 }}>
      <PageHeader title="Edit Menu" back={back} />
      {categories.data === undefined ? (
        // A failed read is no deleted menu: saying so would have staff make it again.
        <Unanswered query={categories} label="Loading menu" failed={CATEGORIES_NOT_LOADED} />
      ) : !menu ? (
        <Alert severity="warning">{NO_SUCH_MENU}</Alert>
      ) : (
        <>
          {nameLocked && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {CLOSE_TO_RENAME_MENU}
            </Alert>
          )}
          <MenuForm
            key={menu.id}
            initial={{
              name: menu.name,
              description: descriptionForForm(menu.description),
              category_id: menu.category_id,
              isActive: menu.isActive,
            }}
            categories={available}
            withStatus
            busy={update.isPending}
            nameLocked={nameLocked}
            onSubmit={(d, opened) => void submit(d, opened)}
          />
        </>
      )}
    </Container>
  );
}
