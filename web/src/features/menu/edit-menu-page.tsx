import { Alert, Box, CircularProgress, Container } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { useCategories } from '../../lib/api/get-categories.js';
import { useUpdateMenu } from './api/update-menu.js';
import { MenuForm, type MenuDraft } from './components/menu-form.js';
import { PageHeader } from './components/page-header.js';
import { errorText } from './menu-errors.js';
import {
  ANSWER_BOTH_QUESTIONS,
  descriptionError,
  descriptionForForm,
  descriptionOrDash,
  nameError,
} from './menu-validation.js';
import { paths } from '../../lib/paths.js';

export function EditMenuPage() {
  const { menuId = '' } = useParams();
  const navigate = useNavigate();
  const alert = useAlert();
  const categories = useCategories();
  const update = useUpdateMenu();
  const available = (categories.data ?? []).filter((c) => c.isAvailable === 'available');
  const owner = (categories.data ?? []).find((c) => c.menu.some((m) => m.id === menuId));
  const menu = owner?.menu.find((m) => m.id === menuId);
  const back = owner ? paths.categoryMenus(owner.name, owner.id) : paths.menuManagement;

  const submit = async (d: MenuDraft) => {
    if (d.name === '' || d.category_id === '' || d.isActive === '') return void (await alert(ANSWER_BOTH_QUESTIONS));
    if (nameError(d.name) || descriptionError(d.description)) return;
    try {
      await update.mutateAsync({
        id: menuId,
        patch: {
          name: d.name,
          description: descriptionOrDash(d.description),
          category_id: d.category_id,
          isActive: d.isActive,
        },
      });
      const target = available.find((c) => c.id === d.category_id);
      void navigate(target ? paths.categoryMenus(target.name, target.id) : back);
    } catch (err) {
      await alert(errorText(err));
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: 2 }}>
      <PageHeader title="Edit Menu" back={back} />
      {categories.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading menu" />
        </Box>
      ) : !menu ? (
        <Alert severity="warning">This menu no longer exists.</Alert>
      ) : (
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
          onSubmit={(d) => void submit(d)}
        />
      )}
    </Container>
  );
}
