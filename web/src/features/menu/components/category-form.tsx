import type { Area } from '@drinks/contracts';
import { Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { NameField } from './name-field.js';
import { useDraftForm } from '../use-draft-form.js';

export interface CategoryDraft {
  name: string;
  categoryFor: Area | '';
}

export function CategoryForm({
  initial,
  busy,
  onSubmit,
  extra,
  locked = false,
}: {
  initial: CategoryDraft;
  busy: boolean;
  /** Nothing of a category can change while the shop is open (the server answers 409 SHOP_OPEN). */
  locked?: boolean;
  onSubmit(draft: CategoryDraft, opened: CategoryDraft): void;
  extra?: ReactNode;
}) {
  const { draft, setDraft, submitted, submit } = useDraftForm(initial, onSubmit);
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={submit}>
      <NameField
        label="Category name"
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
        showErrors={submitted && draft.name !== ''}
        disabled={locked}
      />
      <FormControl>
        <FormLabel id="category-for-label">For</FormLabel>
        <RadioGroup
          row
          aria-labelledby="category-for-label"
          value={draft.categoryFor}
          onChange={(e) => setDraft({ ...draft, categoryFor: e.target.value as Area })}
        >
          <FormControlLabel value="cafe" control={<Radio />} label="Cafe" disabled={locked} />
          <FormControlLabel value="bar" control={<Radio />} label="Bar" disabled={locked} />
        </RadioGroup>
      </FormControl>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={busy || locked}>
          Save
        </Button>
        {extra}
      </Stack>
    </Stack>
  );
}
