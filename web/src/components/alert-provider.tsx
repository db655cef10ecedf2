import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

type ShowAlert = (message: string) => Promise<void>;
const AlertContext = createContext<ShowAlert | null>(null);

/** The spec's 'alert' messages, shown in-page so they are readable and accessible. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<{ message: string; done: () => void } | null>(null);
  const show = useCallback<ShowAlert>(
    (message) => new Promise<void>((resolve) => setCurrent({ message, done: resolve })),
    [],
  );
  const close = () => {
    current?.done();
    setCurrent(null);
  };
  return (
    <AlertContext.Provider value={show}>
      {children}
      <Dialog
        open={current !== null}
        onClose={close}
        role="alertdialog"
        aria-describedby="app-alert-message"
        slotProps={{ paper: { 'data-testid': 'app-alert' } as object }}
      >
        <DialogContent>
          <DialogContentText id="app-alert-message" sx={{ color: 'text.primary' }}>
            {current?.message}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} autoFocus variant="contained">
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </AlertContext.Provider>
  );
}

export function useAlert(): ShowAlert {
  const a = useContext(AlertContext);
  if (!a) throw new Error('useAlert outside AlertProvider');
  return a;
}
