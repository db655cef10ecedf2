import CloseIcon from '@mui/icons-material/Close';
import { Alert, AlertTitle, IconButton, Stack } from '@mui/material';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

export interface Toast {
  severity: 'success' | 'error' | 'info';
  title: string;
  message?: string;
  /** Milliseconds; undefined keeps it until dismissed. */
  autoCloseMs?: number;
}
type ShowToast = (t: Toast) => void;
const ToastContext = createContext<ShowToast | null>(null);

/** Notifications that survive navigation (order placed / failed). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<(Toast & { id: number })[]>([]);
  const dismiss = (id: number) => setToasts((ts) => ts.filter((t) => t.id !== id));
  const show = useCallback<ShowToast>((t) => {
    const id = Date.now() + Math.random();
    setToasts((ts) => [...ts, { ...t, id }]);
    if (t.autoCloseMs) setTimeout(() => dismiss(id), t.autoCloseMs);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <Stack
        spacing={1}
        sx={{ position: 'fixed', top: 12, left: 12, right: 12, zIndex: 2000, maxWidth: 480, mx: 'auto' }}
        aria-live="polite"
      >
        {toasts.map((t) => (
          <Alert
            key={t.id}
            severity={t.severity}
            variant="filled"
            role={t.severity === 'error' ? 'alert' : 'status'}
            action={
              <IconButton aria-label="Close notification" color="inherit" size="small" onClick={() => dismiss(t.id)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            }
          >
            <AlertTitle>{t.title}</AlertTitle>
            {t.message}
          </Alert>
        ))}
      </Stack>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const t = useContext(ToastContext);
  if (!t) throw new Error('useToast outside ToastProvider');
  return t;
}
