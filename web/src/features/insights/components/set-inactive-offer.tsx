import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Snackbar,
} from '@mui/material';
import { useState } from 'react';
import { useSetMenuInactive } from '../api/set-menu-inactive.js';

export interface OutOfStockMenu {
  id: string;
  name: string;
}

/** After an 'Ingredient Unavailable' rejection: one tap to take the menu off until it is back. */
export function SetInactiveOffer({ menus, onDone }: { menus: readonly OutOfStockMenu[]; onDone: () => void }) {
  const setInactive = useSetMenuInactive();
  const [result, setResult] = useState<{ ok: boolean; text: string }>({ ok: true, text: '' });
  const [shown, setShown] = useState(false);
  const menu = menus[0];
  const next = () => onDone();

  const confirm = async () => {
    if (!menu) return;
    try {
      await setInactive.mutateAsync(menu.id);
      setResult({ ok: true, text: `${menu.name} is now inactive.` });
      setShown(true);
    } catch (err) {
      console.error('set inactive failed', err);
      setResult({ ok: false, text: `Could not set ${menu.name} inactive.` });
      setShown(true);
    }
    next();
  };

  return (
    <>
      <Dialog
        open={menu !== undefined}
        onClose={next}
        aria-labelledby="inactive-title"
        aria-describedby="inactive-text"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="inactive-title">Set {menu?.name} inactive?</DialogTitle>
        <DialogContent>
          <DialogContentText id="inactive-text">
            It ran out of an ingredient. Customers will see it as not available until you set it active again in Menu
            Management.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={next}>Keep active</Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={setInactive.isPending}>
            Set inactive
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={shown}
        autoHideDuration={4000}
        onClose={() => setShown(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity={result.ok ? 'success' : 'error'} variant="filled" onClose={() => setShown(false)}>
          {result.text}
        </Alert>
      </Snackbar>
    </>
  );
}
