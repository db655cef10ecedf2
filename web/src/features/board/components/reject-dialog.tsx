import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { OTHER, OTHER_REASON_MAX, REASON_OPTIONS, otherReasonError, rejectNote } from '../board-logic.js';

/** The cancel-order reason screen; `count` > 1 when cancelling a selection. */
export function RejectDialog({
  open,
  count,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  count: number;
  busy: boolean;
  onClose(): void;
  onConfirm(note: string): void;
}) {
  const [choice, setChoice] = useState('');
  const [other, setOther] = useState('');
  const note = rejectNote(choice, other);
  const otherError = choice === OTHER ? otherReasonError(other) : null;
  const close = () => {
    setChoice('');
    setOther('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="reject-title">
      <DialogTitle id="reject-title">{count > 1 ? `Cancel ${count} orders` : 'Cancel order'}</DialogTitle>
      <DialogContent>
        <FormControl>
          <FormLabel id="reject-reason-label">Reason</FormLabel>
          <RadioGroup aria-labelledby="reject-reason-label" value={choice} onChange={(e) => setChoice(e.target.value)}>
            {REASON_OPTIONS.map((r) => (
              <FormControlLabel key={r} value={r} control={<Radio />} label={r} />
            ))}
          </RadioGroup>
        </FormControl>
        {choice === OTHER && (
          <TextField
            autoFocus
            fullWidth
            label="Other reason"
            value={other}
            onChange={(e) => setOther(e.target.value)}
            error={otherError !== null}
            helperText={otherError ?? `${other.length}/${OTHER_REASON_MAX}`}
            slotProps={{ htmlInput: { maxLength: OTHER_REASON_MAX } }}
            sx={{ mt: 1 }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Back</Button>
        <Button
          variant="contained"
          color="error"
          disabled={note === null || busy}
          onClick={() => {
            if (note === null) return;
            onConfirm(note);
            setChoice('');
            setOther('');
          }}
        >
          Cancel Order
        </Button>
      </DialogActions>
    </Dialog>
  );
}
