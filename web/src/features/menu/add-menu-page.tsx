import { Box, CircularProgress, Container } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { useCategories } from '../../lib/api/get-categories.js';
import { useCreateMenu } from './api/create-menu.js';
import { MenuForm, type MenuDraft } from './components/menu-form.js';
import { PageHeader } from './components/page-header.js';
import { errorText } from './menu-errors.js';
import { MISSING_MENU_FIELDS, descriptionError, descriptionOrDash, nameError } from './menu-validation.js';
import { paths } from '../../lib/paths.js';

export function AddMenuPage() {
  const { categoryId = '' } = useParams();
  const navigate = useNavigate();
  const alert = useAlert();
  const categories = useCategories();
  const create = useCreateMenu();
  const available = (categories.data ?? []).filter((c) => c.isAvailable === 'available');
  const current = available.find((c) => c.id === categoryId);
  const back = current ? paths.categoryMenus(current.name, current.id) : paths.menuManagement;

  const submit = async (d: MenuDraft) => {
    if (d.name === '' || d.category_id === '') return void (await alert(MISSING_MENU_FIELDS));
    if (nameError(d.name) || descriptionError(d.description)) return;
    try {
      await create.mutateAsync({
        name: d.name,
        description: descriptionOrDash(d.description),
        category_id: d.category_id,
      });
      const target = available.find((c) => c.id === d.category_id);
      void navigate(target ? paths.categoryMenus(target.name, target.id) : back);
    } catch (err) {
      await alert(errorText(err));
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: 2 }}>
      <PageHeader title="Add Menu" back={back} />
      {categories.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading categories" />
        </Box>
      ) : (
        <MenuForm
          initial={{ name: '', description: '', category_id: current?.id ?? '', isActive: 'active' }}
          categories={available}
          withStatus={false}
          busy={create.isPending}
          onSubmit={(d) => void submit(d)}
        />
      )}
    </Container>
  );
}
