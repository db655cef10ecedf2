import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Alert } from '@mui/material';
import { useOnline, useServerReachable } from '../lib/online.js';

/** Over every screen while the phone has no network: what is shown is as last seen, and nothing can be ordered. */
export function OfflineBanner() {
  const online = useOnline();
  const reachable = useServerReachable();
  if (online && !reachable) {
    return (
      <Alert
        severity="warning"
        icon={<CloudOffIcon fontSize="inherit" />}
        role="status"
        data-testid="unreachable-banner"
        sx={{ borderRadius: 0, position: 'sticky', top: 0, zIndex: 1200 }}
      >
        <strong>The server cannot be reached.</strong> Orders are shown as last seen until it answers again.
      </Alert>
    );
  }
  if (online) return null;
  return (
    <Alert
      severity="warning"
      icon={<CloudOffIcon fontSize="inherit" />}
      role="status"
      data-testid="offline-banner"
      sx={{ borderRadius: 0, position: 'sticky', top: 0, zIndex: 1200 }}
    >
      <strong>You are offline.</strong> Orders are shown as last seen; ordering, cancelling and picking up wait until
      you are back online.
    </Alert>
  );
}
