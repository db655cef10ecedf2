import { Box, Button, MenuItem, TextField } from '@mui/material';
import { EVENT_TYPES } from '@drinks/contracts';
import { useAuditActors } from '../api/get-audit.js';
import { NO_FILTERS, typeLabel, type AuditFilters } from '../audit-logic.js';

export function AuditFilterBar({ value, onChange }: { value: AuditFilters; onChange: (f: AuditFilters) => void }) {
  const actors = useAuditActors();
  const set = (patch: Partial<AuditFilters>) => onChange({ ...value, ...patch });
  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter the audit log"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
      onSubmit={(e) => e.preventDefault()}
    >
      <TextField
        select
        size="small"
        label="Type"
        value={value.type}
        onChange={(e) => set({ type: e.target.value })}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">All types</MenuItem>
        {[...EVENT_TYPES].sort().map((t) => (
          <MenuItem key={t} value={t}>
            {typeLabel(t)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Who"
        value={value.actor}
        onChange={(e) => set({ actor: e.target.value })}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">Anyone</MenuItem>
        {(actors.data ?? []).map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {u.name} ({u.role})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="date"
        label="From"
        value={value.from}
        onChange={(e) => set({ from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={value.to}
        onChange={(e) => set({ to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button onClick={() => onChange(NO_FILTERS)} disabled={JSON.stringify(value) === JSON.stringify(NO_FILTERS)}>
        Clear filters
      </Button>
    </Box>
  );
}
