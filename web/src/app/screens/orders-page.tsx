import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LastKnown } from '../../components/last-known.js';
import { useOnline } from '../../lib/online.js';
import { useSession } from '../../lib/session.js';
import { NotifyMeButton } from '../../features/reminders/components/notify-me-button.js';
import { PushToggle } from '../../features/push/components/push-toggle.js';
import { useMyOrdersToday } from '../../lib/api/get-my-orders.js';
import { CustomerOrderCard } from './customer-order-card.js';
import { orderNowPrompt, splitOrders } from '../../features/orders/order-text.js';
import { paths } from '../../lib/paths.js';
import { useNavigateOnce } from '../../lib/use-navigate-once.js';

const PULL_THRESHOLD = 70;

/** My Order (statusOrder): active orders, then 'Picked and Canceled'. */
export function OrdersPage() {
  const { user } = useSession();
  const openScreen = useNavigateOnce();
  const orders = useMyOrdersToday();
  const online = useOnline();
  const { active, closed } = splitOrders(orders.data ?? []);
  // Only from an answer: a call that failed (its retries spent) says nothing about what the customer has ordered.
  const prompt = orders.data === undefined ? null : orderNowPrompt(active.length, closed.length);
  // A tapped notification opens /statusOrder?order=<id>: bring that order into view.
  const [params] = useSearchParams();
  const focusId = params.get('order');
  const loaded = orders.data !== undefined;
  useEffect(() => {
    if (!focusId || !loaded) return;
    document.querySelector(`[data-order-id="${CSS.escape(focusId)}"]`)?.scrollIntoView({ block: 'center' });
  }, [focusId, loaded]);
  const startY = useRef<number | null>(null);
  const [pulling, setPulling] = useState(false);

  const onTouchStart = (e: React.TouchEvent) => {
    startY.current = window.scrollY === 0 ? (e.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (e: React.TouchEvent) => {
    if (startY.current === null) return;
    setPulling((e.touches[0]?.clientY ?? 0) - startY.current > PULL_THRESHOLD);
  };
  const onTouchEnd = () => {
    if (pulling) void orders.refetch();
    setPulling(false);
    startY.current = null;
  };

  return (
    <Box
      sx={{ maxWidth: 560, mx: 'auto', p: 2 }}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
    >
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        My Order
      </Typography>
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 2 }}
      >
        <Typography variant="body2" color="text.secondary">
          {pulling ? 'Release to refresh…' : orders.isRefetching ? 'Refreshing…' : 'Pull down to refresh'}
        </Typography>
        <PushToggle fallback={<NotifyMeButton />} />
      </Box>
      <LastKnown updatedAt={orders.dataUpdatedAt} />
      {orders.isPending &&
        (online ? (
          <CircularProgress aria-label="Loading orders" />
        ) : (
          // Offline with nothing seen for today (opened on a new day): the request waits for the network.
          <Alert severity="info" data-testid="orders-offline">
            Your orders show once you are back online.
          </Alert>
        ))}
      {prompt && (
        <Box sx={{ textAlign: 'center', py: prompt.firstTime ? 6 : 3 }} data-testid="orders-empty">
          <Typography variant="h6" component="p">
            {prompt.title}
          </Typography>
          {prompt.firstTime && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              2 drinks left
            </Typography>
          )}
          <Button
            variant="contained"
            size="large"
            disabled={!online}
            sx={{ mt: prompt.firstTime ? 0 : 1 }}
            onClick={() => openScreen(paths.menuCafe(user?.role))}
          >
            Order now
          </Button>
        </Box>
      )}
      <Stack spacing={1.5} data-testid="active-orders">
        {active.map((o) => (
          <CustomerOrderCard key={o.id} order={o} />
        ))}
      </Stack>
      {closed.length > 0 && (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            Picked and Canceled
          </Typography>
          <Stack spacing={1.5} data-testid="closed-orders">
            {closed.map((o) => (
              <CustomerOrderCard key={o.id} order={o} heading="h3" />
            ))}
          </Stack>
        </>
      )}
      <Box component="footer" sx={{ textAlign: 'center', mt: 4 }}>
        <Link component={RouterLink} to={paths.teamCredit}>
          Made by the Woxa team — credits
        </Link>
      </Box>
    </Box>
  );
}
