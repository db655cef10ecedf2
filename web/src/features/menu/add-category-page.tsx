import { Container } from '@mui/material';
import { useNavigate } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { useCreateCategory } from './api/create-category.js';
import { CategoryForm, type CategoryDraft } from './components/category-form.js';
import { PageHeader } from './components/page-header.js';
import { errorText } from './menu-errors.js';
import { ANSWER_BOTH_QUESTIONS, nameError } from './menu-validation.js';
import { paths } from '../../lib/paths.js';

export function AddCategoryPage() {
  const navigate = useNavigate();
  const alert = useAlert();
  const create = useCreateCategory();

  const submit = async (d: CategoryDraft) => {
    if (d.name === '' || d.categoryFor === '') return void (await alert(ANSWER_BOTH_QUESTIONS));
    if (nameError(d.name)) return;
    try {
      await create.mutateAsync({ name: d.name, categoryFor: d.categoryFor });
      void navigate(paths.menuManagement, { replace: true });
    } catch (err) {
      await alert(errorText(err));
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: 2 }}>
      <PageHeader title="Add Category" back="/menuManagement" />
      <CategoryForm initial={{ name: '', categoryFor: '' }} busy={create.isPending} onSubmit={(d) => void submit(d)} />
    </Container>
  );
}
