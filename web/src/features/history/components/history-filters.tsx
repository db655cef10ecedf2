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
      fullWidth
      sx={{ mb: 2, maxWidth: 480 }}
    >
      {/* One row on a phone: four equal buttons, a label breaking onto two lines where the screen is narrower still. */}
      {filters.map((f, i) => (
        <ToggleButton
          key={f.label}
          value={i}
          sx={{ textTransform: 'none', px: 0.75, lineHeight: 1.25, flex: '1 1 auto' }}
        >
          {f.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
