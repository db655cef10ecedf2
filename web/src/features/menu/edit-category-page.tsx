import { isFullyClosed, type CategoryPatchBody } from '@drinks/contracts';
import { Alert, Box, Button, CircularProgress, Container } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { useDeleteCategory } from './api/delete-category.js';
import { useCategory } from './api/get-category.js';
import { useUpdateCategory } from './api/update-category.js';
import { CategoryForm, type CategoryDraft } from './components/category-form.js';
import { changedFields } from './use-draft-form.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageHeader } from './components/page-header.js';
import { categoryProblem, CLOSE_TO_EDIT_CATEGORIES, errorText } from './menu-errors.js';
import { ANSWER_BOTH_QUESTIONS, nameError } from './menu-validation.js';
import { paths } from '../../lib/paths.js';
import { useSession } from '../../lib/session.js';

export function EditCategoryPage() {
  const { categoryId = '' } = useParams();
  const navigate = useNavigate();
  const alert = useAlert();
  const category = useCategory(categoryId);
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [confirming, setConfirming] = useState(false);
  const problem = categoryProblem(category);
  // A link typed or kept while the shop is open: say so up front rather than refuse the save.
  const { shop, shopLoaded } = useSession();
  const locked = shopLoaded && !isFullyClosed(shop);

  const submit = async (d: CategoryDraft, opened: CategoryDraft) => {
    if (d.name === '' || d.categoryFor === '') return void (await alert(ANSWER_BOTH_QUESTIONS));
    if (nameError(d.name)) return;
    try {
      // Never '' here: stopped above.
      const patch = changedFields({ name: d.name, categoryFor: d.categoryFor }, opened) as CategoryPatchBody;
      await update.mutateAsync({ id: categoryId, patch });
      void navigate(paths.menuManagement, { replace: true });
    } catch (err) {
      await alert(errorText(err));
    }
  };
  const confirmDelete = async () => {
    setConfirming(false);
    try {
      await remove.mutateAsync(categoryId);
      void navigate(paths.menuManagement, { replace: true });
    } catch (err) {
      await alert(errorText(err));
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: 2 }}>
      <PageHeader title="Edit Category" back="/menuManagement" />
      {category.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading category" />
        </Box>
      ) : problem || !category.data ? (
        <Alert severity="error">{problem}</Alert>
      ) : (
        <>
          {locked && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {CLOSE_TO_EDIT_CATEGORIES}
            </Alert>
          )}
          <CategoryForm
            key={category.data.id}
            initial={{ name: category.data.name, categoryFor: category.data.categoryFor }}
            busy={update.isPending}
            locked={locked}
            onSubmit={(d, opened) => void submit(d, opened)}
            extra={
              <Button color="error" variant="outlined" onClick={() => setConfirming(true)} disabled={locked}>
                Delete Category
              </Button>
            }
          />
        </>
      )}
      <ConfirmDialog
        confirmLabel="Delete"
        destructive
        open={confirming}
        title="Delete category?"
        text={`${category.data?.name ?? ''} and its menus will no longer be offered.`}
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Container>
  );
}
