import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { lazyComponent } from '../lib/lazy-component.js';

const AlertDialog = lazyComponent(async () => (await import('./alert-dialog.js')).default);

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
      {current && <AlertDialog message={current.message} onClose={close} />}
    </AlertContext.Provider>
  );
}

export function useAlert(): ShowAlert {
  const a = useContext(AlertContext);
  if (!a) throw new Error('useAlert outside AlertProvider');
  return a;
}
