import { Box, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { useAsOf } from '../../components/last-known.js';
import { ApiError } from '../../lib/api-client.js';
import { useReadyOrders } from './api/get-ready-orders.js';
import { ReadyBoard } from './components/ready-board.js';

/** A poll failed: the list below is the last one the screen had, which may have changed at the counter since. */
function NotUpdated({ since }: { since: number }) {
  return (
    <Typography role="status" sx={{ fontSize: 'clamp(1.1rem, 2.5vw, 1.8rem)', color: '#ffcc80', mb: 2 }}>
      Not updated since {useAsOf(since)}. Trying again…
    </Typography>
  );
}

/** The TV by the counter: who can pick up which drink, refreshed every few seconds, nothing else. */
export function PickupScreenPage() {
  const [params] = useSearchParams();
  const ready = useReadyOrders(params.get('key'));
  const refused = ready.error instanceof ApiError && (ready.error.status === 401 || ready.error.status === 403);
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: '#0f1f17', color: '#fff', p: { xs: 2, md: 5 } }}>
      <Typography
        component="h1"
        sx={{ fontSize: 'clamp(2rem, 5vw, 4.5rem)', fontWeight: 800, mb: { xs: 2, md: 4 }, color: '#a5d6a7' }}
      >
        Ready to pick up
      </Typography>
      {refused ? (
        <Typography role="alert" sx={{ fontSize: 'clamp(1.2rem, 3vw, 2rem)' }}>
          This screen needs the counter network or a view key from an admin.
        </Typography>
      ) : ready.data ? (
        <>
          {ready.isError && <NotUpdated since={ready.dataUpdatedAt} />}
          <ReadyBoard orders={ready.data} />
        </>
      ) : null}
    </Box>
  );
}
