import { isFullyClosed, type Menu } from '@drinks/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Container,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Switch,
} from '@mui/material';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { useSession } from '../../lib/session.js';
import { useCategory } from './api/get-category.js';
import { useUpdateMenu } from './api/update-menu.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageHeader } from './components/page-header.js';
import { categoryProblem, errorText } from './menu-errors.js';
import { paths } from '../../lib/paths.js';
import { openedFrom } from './use-save-menu.js';
import { wrapAnywhere } from '../../components/wrap-anywhere.js';
import { useFocusOnReturn } from '../../lib/use-focus-on-return.js';
import { useLastingError } from '../../lib/use-lasting-error.js';
import { Unanswered } from '../../components/unanswered.js';

export function CategoryMenusPage() {
  const { categoryName = '', categoryId = '' } = useParams();
  const { shop } = useSession();
  const closed = isFullyClosed(shop);
  const category = useCategory(categoryId);
  const update = useUpdateMenu();
  const alert = useAlert();
  const [selectMode, setSelectMode] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<Menu[] | null>(null);
  const selectButton = useRef<HTMLButtonElement>(null);
  useFocusOnReturn(selectButton, !selectMode);
  const newMenuButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const problem = categoryProblem({ data: category.data, error: useLastingError(category) });
  const menus = (category.data?.menu ?? []).filter((m) => m.isAvailable === 'available');

  const toggleSelected = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const remove = async () => {
    const list = deleting ?? [];
    setDeleting(null);
    const results = await Promise.allSettled(
      list.map((m) => update.mutateAsync({ id: m.id, patch: { isAvailable: 'unavailable' } })),
    );
    const failed = results.find((r) => r.status === 'rejected');
    setSelected(new Set());
    setSelectMode(false);
    if (failed) await alert(errorText(failed.reason));
    // The row whose Delete had the focus is gone: the keyboard goes on from the list's tools, not the page's top.
    else (menus.length > list.length ? selectButton : newMenuButton).current?.focus();
  };
  // The switch shows what was last asked until the server answers: a refetch started by an earlier
  // toggle (or its live message) must not flip it back meanwhile.
  const [pending, setPending] = useState<Record<string, Menu['isActive']>>({});
  const activity = (m: Menu) => pending[m.id] ?? m.isActive;
  const setActive = (m: Menu, active: boolean) => {
    const isActive = active ? 'active' : 'inactive';
    setPending((p) => ({ ...p, [m.id]: isActive }));
    update.mutate(
      { id: m.id, patch: { isActive } },
      {
        onError: (err) => void alert(errorText(err)),
        onSettled: () => setPending(({ [m.id]: _, ...rest }) => rest),
      },
    );
  };

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeader
        title={category.data?.name ?? decodeURIComponent(categoryName)}
        back="/menuManagement"
        backLabel="Menu Management"
        action={
          // No menu can be added to a category that is not there (a mistyped or stale link, or deleted).
          !problem && (
            // The spec's "New Menu button": a button (as a person and a screen reader call it) that opens the form.
            <Button
              ref={newMenuButton}
              onClick={() => void navigate(paths.addMenu(categoryId), { state: openedFrom(categoryId) })}
              variant="contained"
              startIcon={<AddIcon />}
            >
              New Menu
            </Button>
          )
        }
      />
      {closed && !problem && (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          {selectMode ? (
            <>
              <Button
                color="error"
                variant="contained"
                disabled={selected.size === 0}
                onClick={() => setDeleting(menus.filter((m) => selected.has(m.id)))}
              >
                Delete Selected
              </Button>
              <Button
                autoFocus
                onClick={() => {
                  setSelectMode(false);
                  setSelected(new Set());
                }}
              >
                Cancel
              </Button>
            </>
          ) : (
            <Button
              ref={selectButton}
              variant="outlined"
              onClick={() => setSelectMode(true)}
              disabled={menus.length === 0}
            >
              Select
            </Button>
          )}
        </Stack>
      )}
      {category.data === undefined ? (
        <Unanswered query={category} label="Loading menus" failed={problem ?? undefined} />
      ) : problem ? (
        <Alert severity="error">{problem}</Alert>
      ) : menus.length === 0 ? (
        <Alert severity="info">There is no menu in this category yet.</Alert>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label="Menus">
            {menus.map((m, i) => (
              <ListItem key={m.id} divider={i < menus.length - 1} data-testid="menu-row" sx={{ gap: 1 }}>
                {closed && selectMode && (
                  <Checkbox
                    checked={selected.has(m.id)}
                    onChange={() => toggleSelected(m.id)}
                    slotProps={{ input: { 'aria-label': `Select ${m.name}` } }}
                  />
                )}
                <ListItemText
                  primary={m.name}
                  secondary={m.description === '-' ? undefined : m.description}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  sx={wrapAnywhere}
                />
                {/* The switch is gone while the shop is closed: the row still says which menus are off. */}
                {closed && m.isActive === 'inactive' && <Chip size="small" label="Inactive" />}
                {closed ? (
                  !selectMode && (
                    <Stack direction="row">
                      <IconButton
                        component={Link}
                        to={paths.editMenu(m.id)}
                        state={openedFrom(categoryId)}
                        aria-label={`Edit ${m.name}`}
                      >
                        <EditIcon />
                      </IconButton>
                      <IconButton onClick={() => setDeleting([m])} aria-label={`Delete ${m.name}`} color="error">
                        <DeleteIcon />
                      </IconButton>
                    </Stack>
                  )
                ) : (
                  <FormControlLabel
                    labelPlacement="start"
                    label={activity(m) === 'active' ? 'Active' : 'Inactive'}
                    control={
                      <Switch
                        checked={activity(m) === 'active'}
                        onChange={(e) => setActive(m, e.target.checked)}
                        slotProps={{ input: { 'aria-label': `${m.name} active` } }}
                      />
                    }
                  />
                )}
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <ConfirmDialog
        confirmLabel="Delete"
        destructive
        open={deleting !== null}
        title={deleting && deleting.length > 1 ? `Delete ${deleting.length} menus?` : 'Delete menu?'}
        text={deleting?.map((m) => m.name).join(', ') ?? ''}
        busy={update.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Container>
  );
}
