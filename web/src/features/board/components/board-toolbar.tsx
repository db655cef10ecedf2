import { Box, Button, FormControl, GlobalStyles, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { useRef } from 'react';
import { useFocusOnReturn } from '../../../lib/use-focus-on-return.js';
import type { BoardSettings } from '../board-settings.js';
import { STATIONS, type Station } from '../station-logic.js';

interface Props {
  settings: BoardSettings;
  categories: readonly string[];
  onChange(patch: Partial<BoardSettings>): void;
  selectMode: boolean;
  selectedCount: number;
  canSelect: boolean;
  onSelectMode(on: boolean): void;
  onCancelSelected(): void;
}

/** Below md the tickets chosen are far down the queue: Select mode's actions stay at the screen's foot. */
const SELECT_ACTIONS = {
  display: 'flex',
  gap: 1,
  alignItems: 'center',
  position: { xs: 'fixed', md: 'static' },
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 'appBar',
  justifyContent: { xs: 'flex-end', md: 'flex-start' },
  px: { xs: 2, md: 0 },
  pt: { xs: 1.5, md: 0 },
  pb: { xs: 'calc(12px + env(safe-area-inset-bottom))', md: 0 },
  bgcolor: { xs: 'background.paper', md: 'transparent' },
  boxShadow: { xs: 8, md: 0 },
} as const;
/** What the fixed actions cover: the page leaves that much room under its last ticket. */
const ACTIONS_HEIGHT = 72;

/** Station and category filters (remembered by this board), and select mode for cancelling several orders. */
export function BoardToolbar(p: Props) {
  const selectButton = useRef<HTMLButtonElement>(null);
  useFocusOnReturn(selectButton, !p.selectMode);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <FormControl size="small" sx={{ minWidth: 120 }}>
        <InputLabel id="board-station-label">Station</InputLabel>
        <Select
          labelId="board-station-label"
          label="Station"
          value={p.settings.station}
          onChange={(e) => p.onChange({ station: e.target.value as Station, category: 'All' })}
        >
          {STATIONS.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 120 }}>
        <InputLabel id="board-filter-label">Filter</InputLabel>
        <Select
          labelId="board-filter-label"
          label="Filter"
          value={p.categories.includes(p.settings.category) ? p.settings.category : 'All'}
          onChange={(e) => p.onChange({ category: e.target.value })}
        >
          {p.categories.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {p.selectMode ? (
        <Box sx={SELECT_ACTIONS}>
          <GlobalStyles
            styles={(theme) => ({ [theme.breakpoints.down('md')]: { body: { paddingBottom: ACTIONS_HEIGHT } } })}
          />
          <Button variant="contained" color="error" disabled={p.selectedCount === 0} onClick={p.onCancelSelected}>
            Cancel Selected ({p.selectedCount})
          </Button>
          {/* Select went away with the focus: the keyboard goes on from here (Cancel Selected is disabled). */}
          <Button autoFocus onClick={() => p.onSelectMode(false)}>
            Exit Select
          </Button>
        </Box>
      ) : (
        <Button ref={selectButton} variant="outlined" onClick={() => p.onSelectMode(true)} disabled={!p.canSelect}>
          Select
        </Button>
      )}
    </Stack>
  );
}
