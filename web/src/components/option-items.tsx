import { MenuItem } from '@mui/material';

/** A Select's choices, each shown by its label. */
export const optionItems = (options: readonly { value: string; label: string }[]) =>
  options.map((o) => (
    <MenuItem key={o.value} value={o.value}>
      {o.label}
    </MenuItem>
  ));
