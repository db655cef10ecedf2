import { createContext, useCallback, useContext, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { lazyComponent } from '../lib/lazy-component.js';
import { TAB_BAR_ROOM } from './tab-bar-room.js';
import { useTopModalHost } from './top-modal.js';

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

/** Above the phone's tab bar. */
export const TOAST_BOTTOM = `calc(${TAB_BAR_ROOM} + env(safe-area-inset-bottom, 0px))`;

/**
 * 'page': over the page's foot, above the tab bar, with room left for it at the page's end. 'over-modal': the
 * same, said from inside an open drawer or menu. 'in-dialog': at the open dialog's end, under its buttons:
 * over the page's foot it covered the dialog's Place order while telling the person to tap it.
 */
export type ToastPlacement = 'page' | 'over-modal' | 'in-dialog';

/** The toast's box for its placement (both views, plain and dressed). */
export function toastBox(placement: ToastPlacement): CSSProperties {
  if (placement === 'in-dialog') return { margin: '0 16px 16px' };
  return {
    position: 'fixed',
    left: 12,
    right: 12,
    bottom: TOAST_BOTTOM,
    margin: '0 auto',
    maxWidth: 480,
    zIndex: 2000,
  };
}

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
  // A toast follows something the person did: its code is fetched at their first tap or key, while the
  // server still answers. Fetched only when a toast was due, it could not come while the server was down,
  // just when 'No connection' had to be said.
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const preload = () => {
      events.forEach((e) => window.removeEventListener(e, preload, true));
      ToastView.preload().catch(() => undefined);
    };
    events.forEach((e) => window.addEventListener(e, preload, true));
    return () => events.forEach((e) => window.removeEventListener(e, preload, true));
  }, []);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent((c) => (c?.id === current.id ? null : c)), toastDuration(current));
    return () => clearTimeout(timer);
  }, [current]);
  // While a modal is open the rest of the page is hidden from assistive technology and out of the focus's
  // reach: the toast is said inside the modal, its live region there from the modal's opening on.
  const modal = useTopModalHost();
  const placement: ToastPlacement = !modal ? 'page' : modal.dialog ? 'in-dialog' : 'over-modal';
  const region = (
    <div aria-live="polite">
      {current && (
        <ToastView
          key={current.id}
          toast={current}
          placement={placement}
          onClose={() => setCurrent(null)}
          fallback={<PlainToast toast={current} placement={placement} onClose={() => setCurrent(null)} />}
        />
      )}
    </div>
  );
  return (
    <ToastContext.Provider value={show}>
      <DismissContext.Provider value={dismiss}>
        {children}
        {modal ? createPortal(region, modal.element) : region}
      </DismissContext.Provider>
    </ToastContext.Provider>
  );
}

const PLAIN_COLOURS = { success: '#1b5e20', error: '#c62828', info: '#01579b' } as const;

/** The toast in plain HTML, while (or when) its own code cannot be fetched: said, if not dressed. */
function PlainToast({ toast, placement, onClose }: { toast: Toast; placement: ToastPlacement; onClose: () => void }) {
  return (
    <div
      role={toast.severity === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      style={{
        ...toastBox(placement),
        display: 'flex',
        gap: 8,
        padding: '12px 16px',
        borderRadius: 4,
        background: PLAIN_COLOURS[toast.severity],
        color: '#fff',
        font: '400 14px/1.45 Roboto, system-ui, sans-serif',
      }}
    >
      <div style={{ flex: 1 }}>
        <strong style={{ display: 'block', fontWeight: 500 }}>{toast.title}</strong>
        {toast.message}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={onClose}
        style={{ background: 'none', border: 0, color: 'inherit', font: 'inherit', cursor: 'pointer' }}
      >
        ✕
      </button>
    </div>
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
