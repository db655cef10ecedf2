import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { useOnline, useServerReachable } from '../lib/online.js';
import { useSession } from '../lib/session.js';

/**
 * Over every screen while the phone has no network (what is shown is as last seen, and nothing can be
 * ordered), or while the server does not answer though the phone has one.
 */
export function OfflineBanner() {
  const online = useOnline();
  const reachable = useServerReachable();
  const { user } = useSession();
  if (!online) {
    return (
      <Banner testId="offline-banner" title="You are offline.">
        {user?.role === 'barista'
          ? 'Orders are shown as last seen; starting, finishing and cancelling them and the shop status wait until you are back online.'
          : 'Orders are shown as last seen; ordering, cancelling and picking up wait until you are back online.'}
      </Banner>
    );
  }
  if (!reachable) {
    return (
      <Banner testId="unreachable-banner" title="The server cannot be reached.">
        Orders are shown as last seen until it answers again.
      </Banner>
    );
  }
  return null;
}

function Banner({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  return (
    <Alert
      severity="warning"
      icon={<CloudOffIcon fontSize="inherit" />}
      role="status"
      data-testid={testId}
      sx={{ borderRadius: 0, position: 'sticky', top: 0, zIndex: 1200 }}
    >
      <strong>{title}</strong> {children}
    </Alert>
  );
}
