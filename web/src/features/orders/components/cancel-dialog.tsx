import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { wrapAnywhere } from '../../../components/wrap-anywhere.js';

export function CancelDialog(props: { open: boolean; menuName: string; onClose: () => void; onConfirm: () => void }) {
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="cancel-title" aria-describedby="cancel-desc">
      <DialogTitle id="cancel-title" sx={wrapAnywhere}>
        You want to cancel {props.menuName}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="cancel-desc" sx={{ color: 'text.primary' }}>
          Click confirm to cancel
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
        <Button onClick={props.onConfirm} variant="contained" color="error">
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
