import { useLayoutEffect, useRef, useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import IconButton from '@mui/material/IconButton';
import { TOAST_BOTTOM, toastBox, type Toast, type ToastPlacement } from './toast-provider.js';

const GAP_PX = 12;

/**
 * One toast at the bottom, above the phone's tab bar (never over the top bar, a title or 'Ordered n/2'), or at
 * the end of an open dialog (see ToastPlacement).
 */
export default function ToastView({
  toast,
  placement,
  onClose,
}: {
  toast: Toast;
  placement: ToastPlacement;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => setHeight(ref.current?.offsetHeight ?? 0), []);
  return (
    <>
      {/* Room at the page's foot as tall as the toast and what is below it: scrolled to the end, the page's
          last lines and buttons (Pick Up on the closed notice) show above the toast instead of under it. */}
      {placement === 'page' && <div aria-hidden style={{ height: `calc(${height + GAP_PX}px + ${TOAST_BOTTOM})` }} />}
      <Alert
        ref={ref}
        severity={toast.severity}
        variant="filled"
        role={toast.severity === 'error' ? 'alert' : 'status'}
        data-testid="toast"
        // A drink's or a person's name of one long word breaks inside the toast rather than running past its edge.
        sx={{ ...toastBox(placement), boxShadow: placement === 'in-dialog' ? 0 : 6, overflowWrap: 'anywhere' }}
        action={
          <IconButton aria-label="Close notification" color="inherit" size="small" onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      >
        <AlertTitle>{toast.title}</AlertTitle>
        {toast.message}
      </Alert>
    </>
  );
}
