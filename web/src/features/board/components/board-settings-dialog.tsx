import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { parseBoardSettings, type BoardSettings } from '../board-settings.js';

/** Age thresholds and queue order of this board. */
export function BoardSettingsDialog({
  open,
  settings,
  onClose,
  onSave,
}: {
  open: boolean;
  settings: BoardSettings;
  onClose(): void;
  onSave(patch: Partial<BoardSettings>): void;
}) {
  const [warn, setWarn] = useState(String(settings.warnMinutes));
  const [late, setLate] = useState(String(settings.lateMinutes));
  const [oldestFirst, setOldestFirst] = useState(settings.oldestFirst);
  const save = () => {
    const parsed = parseBoardSettings(
      JSON.stringify({ ...settings, warnMinutes: Number(warn), lateMinutes: Number(late), oldestFirst }),
    );
    onSave({ warnMinutes: parsed.warnMinutes, lateMinutes: parsed.lateMinutes, oldestFirst: parsed.oldestFirst });
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="board-settings-title">
      <DialogTitle id="board-settings-title">Board settings</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Amber after (minutes)"
            type="number"
            value={warn}
            onChange={(e) => setWarn(e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: 240 } }}
          />
          <TextField
            label="Red after (minutes)"
            type="number"
            value={late}
            onChange={(e) => setLate(e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: 240 } }}
          />
          <FormControlLabel
            control={<Switch checked={oldestFirst} onChange={(e) => setOldestFirst(e.target.checked)} />}
            label="Oldest ticket first"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Back</Button>
        <Button variant="contained" onClick={save}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
