import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { languageOf } from '../lib/language.js';

/** The dialog behind useAlert; its own chunk, loaded the first time an alert is shown. */
export default function AlertDialog({ message, onClose }: { message: string | undefined; onClose: () => void }) {
  return (
    <Dialog
      open={message !== undefined}
      onClose={onClose}
      role="alertdialog"
      // Named by its message: it has no title of its own (axe: a dialog needs a name).
      aria-labelledby="app-alert-message"
      aria-describedby="app-alert-message"
      slotProps={{ paper: { 'data-testid': 'app-alert' } as object }}
    >
      <DialogContent>
        <DialogContentText id="app-alert-message" lang={message && languageOf(message)} sx={{ color: 'text.primary' }}>
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus variant="contained">
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
