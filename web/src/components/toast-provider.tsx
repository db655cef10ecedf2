import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { lazyComponent } from '../lib/lazy-component.js';

export interface Toast {
  severity: 'success' | 'error' | 'info';
  title: string;
  message?: string;
  /** Milliseconds on screen; by default {@link toastDuration}. */
  autoCloseMs?: number;
  /** What it is about, so that it can be taken back once no longer true (see useDismissToast). */
  tag?: string;
}
type ShowToast = (t: Toast) => void;
type DismissToast = (tag: string) => void;
const ToastContext = createContext<ShowToast | null>(null);
const DismissContext = createContext<DismissToast>(() => undefined);
const ToastView = lazyComponent(async () => (await import('./toast-view.js')).default);

/** staff-side.md: "Notification default auto-close 5000 ms". */
const DEFAULT_TOAST_MS = 5000;

/** How long a toast stays before it goes by itself: the spec's 5 s unless the toast says otherwise. */
export function toastDuration(t: Toast): number {
  return t.autoCloseMs ?? DEFAULT_TOAST_MS;
}

/** Notifications that survive navigation (order placed / failed), one at a time: a new one replaces the last. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { id: number }) | null>(null);
  const show = useCallback<ShowToast>((t) => setCurrent({ ...t, id: Date.now() + Math.random() }), []);
  const dismiss = useCallback<DismissToast>((tag) => setCurrent((c) => (c?.tag === tag ? null : c)), []);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent((c) => (c?.id === current.id ? null : c)), toastDuration(current));
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <ToastContext.Provider value={show}>
      <DismissContext.Provider value={dismiss}>
        {children}
        <div aria-live="polite">
          {current && <ToastView key={current.id} toast={current} onClose={() => setCurrent(null)} />}
        </div>
      </DismissContext.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const t = useContext(ToastContext);
  if (!t) throw new Error('useToast outside ToastProvider');
  return t;
}

/** Takes back the toast shown with this tag, if it is still on screen. */
export function useDismissToast(): DismissToast {
  return useContext(DismissContext);
}
