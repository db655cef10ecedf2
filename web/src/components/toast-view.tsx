import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import IconButton from '@mui/material/IconButton';
import type { Toast } from './toast-provider.js';

/** One toast at the bottom, above the phone's tab bar: never over the top bar, a title or 'Ordered n/2'. */
export default function ToastView({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  return (
    <Alert
      severity={toast.severity}
      variant="filled"
      role={toast.severity === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      sx={{
        position: 'fixed',
        left: 12,
        right: 12,
        bottom: 'calc(80px + env(safe-area-inset-bottom, 0px))',
        mx: 'auto',
        maxWidth: 480,
        zIndex: 2000,
        boxShadow: 6,
      }}
      action={
        <IconButton aria-label="Close notification" color="inherit" size="small" onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      <AlertTitle>{toast.title}</AlertTitle>
      {toast.message}
    </Alert>
  );
}
