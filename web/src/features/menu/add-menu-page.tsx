import { Alert, Container } from '@mui/material';
import { useParams } from 'react-router';
import { useCategories } from '../../lib/api/get-categories.js';
import { useCreateMenu } from './api/create-menu.js';
import { MenuForm } from './components/menu-form.js';
import { PageHeader } from './components/page-header.js';
import { CATEGORIES_NOT_LOADED, NO_SUCH_CATEGORY } from './menu-errors.js';
import { MISSING_MENU_FIELDS, descriptionOrDash } from './menu-validation.js';
import { useSaveMenu } from './use-save-menu.js';
import { paths } from '../../lib/paths.js';
import { Unanswered } from '../../components/unanswered.js';

export function AddMenuPage() {
  const { categoryId = '' } = useParams();
  const categories = useCategories();
  const create = useCreateMenu();
  const available = (categories.data ?? []).filter((c) => c.isAvailable === 'available');
  const current = available.find((c) => c.id === categoryId);
  const back = current ? paths.categoryMenus(current.name, current.id) : paths.menuManagement;

  const submit = useSaveMenu({
    categories: available,
    back,
    missing: (d) => (d.name === '' || d.category_id === '' ? MISSING_MENU_FIELDS : null),
    save: (d) =>
      create.mutateAsync({ name: d.name, description: descriptionOrDash(d.description), category_id: d.category_id }),
  });

  return (
    <Container maxWidth="sm" sx={{ py: 2 }}>
      <PageHeader title="Add Menu" back={back} />
      {categories.data === undefined ? (
        // A failed read is no deleted menu: saying so would have staff make it again.
        <Unanswered query={categories} label="Loading categories" failed={CATEGORIES_NOT_LOADED} />
      ) : !current ? (
        // The link names the category the menu goes in: one deleted or unknown offers no form.
        <Alert severity="error">{NO_SUCH_CATEGORY}</Alert>
      ) : (
        <MenuForm
          initial={{ name: '', description: '', category_id: current.id, isActive: 'active' }}
          categories={available}
          withStatus={false}
          busy={create.isPending}
          onSubmit={(d, opened) => void submit(d, opened)}
        />
      )}
    </Container>
  );
}
