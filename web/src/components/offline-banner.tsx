import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useOnline, useServerReachable } from '../lib/online.js';
import { useSession } from '../lib/session.js';
import { lazyComponent } from '../lib/lazy-component.js';

// The banner (an MUI Alert with its icons, 3 KiB gzip) loads when first shown, not with every first screen.
// The service worker has it precached for when the network goes; until it is in, the same words show plainly.
const BannerView = lazyComponent(async () => (await import('./offline-banner-view.js')).default);

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
  const plain = (
    <Box
      role="status"
      data-testid={testId}
      sx={{ position: 'sticky', top: 0, zIndex: 1200, px: 2, py: 1.5, bgcolor: '#fff4e5', color: '#663c00' }}
    >
      <strong>{title}</strong> {children}
    </Box>
  );
  return (
    <BannerView testId={testId} title={title} fallback={plain}>
      {children}
    </BannerView>
  );
}
