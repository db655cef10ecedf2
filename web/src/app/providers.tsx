import { ACTIVE_ORDER_STATUSES } from '@drinks/contracts';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertProvider } from '../components/alert-provider.js';
import { ToastProvider } from '../components/toast-provider.js';
import { prefetchBoard } from '../features/board/api/get-orders.js';
import { adoptRestoredClock, configQuery, serverToday } from '../lib/config.js';
import { myOrdersQuery } from '../lib/api/get-my-orders.js';
import { categoriesQuery } from '../lib/api/get-categories.js';
import { orderCountQuery } from '../lib/api/get-order-count.js';
import { estimateQuery } from '../features/insights/api/get-estimate.js';
import { makeQueryClient } from '../lib/query-client.js';
import { persistQueries } from '../lib/query-persistence.js';
import { getTokens } from '../lib/storage.js';
import { theme } from './theme.js';

/**
 * The app's query client, asking at once for what every opening needs: main.tsx makes it before the
 * opening screen's code has arrived, so these requests run beside that download.
 */
export function startQueries(): { client: QueryClient; openingData: Promise<unknown> } {
  const client = makeQueryClient();
  persistQueries(client);
  adoptRestoredClock(client);
  // Every screen needs the server's configuration and clock.
  void client.prefetchQuery(configQuery);
  const signedIn = Boolean(getTokens().accessToken);
  // What the opening screen shows (the status page's cards and their waiting estimates; a menu's tabs, items
  // and 'Ordered n/2'; the board's lists) loads beside the app's code, and the first render waits for it, at
  // most OPENING_DATA_MS: the screen is then drawn once, in slices, instead of once empty and again, in one
  // long task, for each answer that comes in after it (on a slow phone, each was a task of 100-400 ms).
  // Offline no answer can come (a query waits for the network): the screen opens at once on what was last known.
  const opening =
    signedIn && navigator.onLine ? OPENING_DATA.find(([path]) => path.test(location.pathname))?.[1] : undefined;
  const openingData = opening
    ? Promise.race([
        opening(client).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, OPENING_DATA_MS)),
      ])
    : Promise.resolve();
  return { client, openingData };
}

const OPENING_DATA: [RegExp, (client: QueryClient) => Promise<unknown>][] = [
  [/^\/statusOrder/, prefetchMyOrders],
  // A barista's phone opens on the board (a refused or stale prefetch changes nothing: the board asks again).
  [/^\/ordering/, prefetchBoard],
  [/^\/(menuCafe|menubar|order_bar)/, prefetchMenu],
];

const OPENING_DATA_MS = 1500;

/** The caller's orders of today and the waiting estimate of each still waiting, in the cache. */
export async function prefetchMyOrders(client: QueryClient): Promise<void> {
  const orders = await client.ensureQueryData(myOrdersQuery(await serverToday(client)));
  const waiting = orders.filter((o) => ACTIVE_ORDER_STATUSES.includes(o.status));
  await Promise.all(waiting.map((o) => client.prefetchQuery(estimateQuery(o))));
}

/** A menu screen's categories with their items, today's count, and today's orders the reminders watch. */
export async function prefetchMenu(client: QueryClient): Promise<void> {
  await Promise.all([
    client.prefetchQuery(categoriesQuery),
    serverToday(client).then((today) =>
      Promise.all([client.prefetchQuery(orderCountQuery(today)), client.prefetchQuery(myOrdersQuery(today))]),
    ),
  ]);
}

/**
 * @mui/system's ThemeProvider, which @mui/material's wraps: ours would choose between it and the CSS
 * variables provider at run time, so every first screen loaded the unused one (about 2 KiB gzip).
 * The theme has no colour schemes, for which @mui/material's would pick this one anyway.
 */
export function AppProviders({
  client,
  styles,
  children,
}: {
  client: QueryClient;
  /** Emotion's cache, holding the styles kept from earlier starts (lib/kept-styles.ts). */
  styles: EmotionCache;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <CacheProvider value={styles}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <AlertProvider>
            <ToastProvider>{children}</ToastProvider>
          </AlertProvider>
        </ThemeProvider>
      </CacheProvider>
    </QueryClientProvider>
  );
}
