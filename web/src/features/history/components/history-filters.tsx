import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { HistoryFilter } from '../history-logic.js';

export function HistoryFilters({
  filters,
  value,
  onChange,
}: {
  filters: readonly HistoryFilter[];
  value: number;
  onChange(index: number): void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      onChange={(_e, v: number | null) => v !== null && onChange(v)}
      aria-label="History period"
      sx={{ flexWrap: 'wrap', mb: 2 }}
    >
      {filters.map((f, i) => (
        <ToggleButton key={f.label} value={i} sx={{ textTransform: 'none' }}>
          {f.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
