import { characterCount, type ActiveState, type Category } from '@drinks/contracts';
import { Button, FormControl, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { fitEdit } from '../../../lib/fit-edit.js';
import { DESCRIPTION_MAX, descriptionError } from '../menu-validation.js';
import { NameField } from './name-field.js';
import { useDraftForm } from '../use-draft-form.js';

export interface MenuDraft {
  name: string;
  description: string;
  category_id: string;
  isActive: ActiveState | '';
}

export function MenuForm({
  initial,
  categories,
  withStatus,
  busy,
  onSubmit,
  nameLocked = false,
}: {
  initial: MenuDraft;
  categories: readonly Category[];
  withStatus: boolean;
  busy: boolean;
  /** A menu's name and category wait for a closed shop (409 SHOP_OPEN); its description and status do not. */
  nameLocked?: boolean;
  onSubmit(draft: MenuDraft, opened: MenuDraft): void;
}) {
  const { draft, setDraft, submitted, submit } = useDraftForm(initial, onSubmit);
  const descError = descriptionError(draft.description);
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={submit}>
      <NameField
        label="Menu name"
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
        showErrors={submitted && draft.name !== ''}
        disabled={nameLocked}
      />
      <TextField
        label="Description"
        value={draft.description}
        fullWidth
        multiline
        minRows={2}
        onChange={(e) =>
          setDraft({ ...draft, description: fitEdit(draft.description, e.target.value, DESCRIPTION_MAX + 1) })
        }
        error={descError !== null}
        helperText={descError ?? `${characterCount(draft.description)}/${DESCRIPTION_MAX}`}
      />
      <FormControl fullWidth disabled={nameLocked}>
        <InputLabel id="menu-category-label">Category</InputLabel>
        <Select
          labelId="menu-category-label"
          label="Category"
          value={draft.category_id}
          onChange={(e) => setDraft({ ...draft, category_id: e.target.value })}
        >
          {categories.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name} ({c.categoryFor})
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {withStatus && (
        <FormControl fullWidth>
          <InputLabel id="menu-status-label">Status</InputLabel>
          <Select
            labelId="menu-status-label"
            label="Status"
            value={draft.isActive}
            onChange={(e) => setDraft({ ...draft, isActive: e.target.value as ActiveState })}
          >
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="inactive">Inactive</MenuItem>
          </Select>
        </FormControl>
      )}
      <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        Save
      </Button>
    </Stack>
  );
}
