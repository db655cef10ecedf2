import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { characterCount, type Order } from '@drinks/contracts';
import { useState } from 'react';
import { STATUS_LABELS } from '../../../components/staff-order-format.js';
import { fitEdit } from '../../../lib/fit-edit.js';
import { wrapAnywhere } from '../../../components/wrap-anywhere.js';
import { OTHER, OTHER_REASON_MAX, REASON_OPTIONS, otherReasonError, rejectNote } from '../board-logic.js';

/** The cancel-order reason screen, for one order (named, with its status now) or a selection. */
export function RejectDialog({
  open,
  orders,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  orders: readonly Order[];
  busy: boolean;
  onClose(): void;
  onConfirm(note: string): void;
}) {
  const [choice, setChoice] = useState('');
  const [other, setOther] = useState('');
  // Closed from outside (the order finished elsewhere), it kept the reason picked: a new opening starts blank.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setChoice('');
      setOther('');
    }
  }
  const one = orders.length === 1 ? orders[0] : undefined;
  const note = rejectNote(choice, other);
  const otherError = choice === OTHER ? otherReasonError(other) : null;
  const close = () => {
    setChoice('');
    setOther('');
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="reject-title"
      aria-describedby={one ? 'reject-order' : undefined}
    >
      <DialogTitle id="reject-title">
        {orders.length > 1 ? `Cancel ${orders.length} orders` : 'Cancel order'}
      </DialogTitle>
      <DialogContent>
        {one && (
          <DialogContentText id="reject-order" sx={{ mb: 1, color: 'text.primary', ...wrapAnywhere }}>
            <strong>{one.menu.name}</strong> for <strong>{one.user.name}</strong> · {STATUS_LABELS[one.status]}
          </DialogContentText>
        )}
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
            onChange={(e) => setOther(fitEdit(other, e.target.value, OTHER_REASON_MAX))}
            error={otherError !== null}
            helperText={otherError ?? `${characterCount(other)}/${OTHER_REASON_MAX}`}
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
