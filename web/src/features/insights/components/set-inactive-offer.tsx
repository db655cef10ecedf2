import { Alert, Snackbar } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
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
      <ConfirmDialog
        open={menu !== undefined}
        title={`Set ${menu?.name ?? ''} inactive?`}
        text="It ran out of an ingredient. Customers will see it as not available until you set it active again in Menu Management."
        confirmLabel="Set inactive"
        cancelLabel="Keep active"
        narrow
        busy={setInactive.isPending}
        onClose={next}
        onConfirm={() => void confirm()}
      />
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
