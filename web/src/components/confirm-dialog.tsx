import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** "Are you sure?": a title, what will happen, a way back and the action, named by its own words. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  narrow = false,
  busy = false,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: ReactNode;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The action deletes something: its button is red. */
  destructive?: boolean;
  /** A phone-width dialog that fills it (maxWidth xs). */
  narrow?: boolean;
  busy?: boolean;
  onClose(): void;
  onConfirm(): void;
}) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth={narrow ? 'xs' : 'sm'}
      fullWidth={narrow}
    >
      {/* A one-word name of 20 letters is wider than a phone's dialog: it breaks rather than runs off. */}
      <DialogTitle id={`${id}-title`} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel}</Button>
        <Button onClick={onConfirm} color={destructive ? 'error' : 'primary'} variant="contained" disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
