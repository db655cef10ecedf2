import { businessDay, isFullyClosed } from '@drinks/contracts';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { serverNow, useConfig } from '../../lib/config.js';
import { LastKnown } from '../../components/last-known.js';
import { useOnline } from '../../lib/online.js';
import { useSession } from '../../lib/session.js';
import { useMyOrdersToday } from '../../lib/api/get-my-orders.js';
import { useOrderCount } from '../../lib/api/get-order-count.js';
import { CustomerOrderCard } from './customer-order-card.js';
import { drinksLeftLine, homeOrders } from '../../features/orders/order-text.js';
import { randomMessage, SEASON_BACKGROUND, seasonOf } from '../../features/orders/seasonal.js';
import { languageOf } from '../../lib/language.js';
import { paths } from '../../lib/paths.js';
import { useNavigateOnce } from '../../lib/use-navigate-once.js';

/** Home (ordered): seasonal welcome, drinks left, today's live orders. */
export function HomePage() {
  const { user, shop, shopLoaded } = useSession();
  const { businessTimeZone } = useConfig();
  const openScreen = useNavigateOnce();
  const count = useOrderCount();
  const orders = useMyOrdersToday();
  const online = useOnline();
  const message = useMemo(() => randomMessage(), []);
  const season = seasonOf(serverNow().getMonth());
  const dayOf = (iso: string) => businessDay(new Date(iso), businessTimeZone);
  const list = homeOrders(orders.data ?? [], orders.day, dayOf);
  const orderedToday = (orders.data ?? []).some((o) => dayOf(o.orderDate) === orders.day);
  // Only from an answer: loading, or a call that failed (logged only, as every fetch), is not "No orders yet today".
  const emptyNote =
    orders.data === undefined || list.length > 0
      ? null
      : orderedToday
        ? 'Nothing in progress.'
        : 'No orders yet today.';
  const barOnly = shop.isBarOpen && !shop.isCafeOpen;
  const menuPath = barOnly ? paths.menuBar(user?.role) : paths.menuCafe(user?.role);
  // Both closed, as the menus do: Order now would only lead there (a drink to pick up is shown there too).
  if (shopLoaded && isFullyClosed(shop)) return <Navigate to={paths.closed(user?.role)} replace />;

  return (
    // The season's background runs to the bottom of the screen, over the layout's room for the tab bar
    // (its own padding keeps the content clear of the bar): no blank strip to scroll to.
    <Box
      sx={{ minHeight: 'calc(100dvh - 56px)', background: SEASON_BACKGROUND[season], pb: 12, mb: { xs: -10, md: -2 } }}
      data-season={season}
    >
      <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', p: 2 }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{ color: '#fff', fontWeight: 700, pt: 2 }}
          data-testid="home-message"
          lang={languageOf(message)}
        >
          {message}
        </Typography>
        <Paper sx={{ p: 2.5, borderRadius: 4 }}>
          <Typography variant="h6" component="p" sx={{ mb: 2 }} data-testid="drinks-left">
            {drinksLeftLine(count.data?.totalOrder, online)}
          </Typography>
          <Button variant="contained" fullWidth size="large" disabled={!online} onClick={() => openScreen(menuPath)}>
            Order now
          </Button>
        </Paper>
        <Paper sx={{ p: 2, borderRadius: 4 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            My Order
          </Typography>
          <LastKnown updatedAt={orders.dataUpdatedAt} />
          <Stack spacing={1.5}>
            {orders.data === undefined && orders.isFetching && (
              <CircularProgress size={24} aria-label="Loading orders" />
            )}
            {emptyNote && <Typography color="text.secondary">{emptyNote}</Typography>}
            {list.map((o) => (
              <CustomerOrderCard key={o.id} order={o} orderAgain heading="h3" />
            ))}
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}
