import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AlertProvider } from '../components/alert-provider.js';
import { ToastProvider } from '../components/toast-provider.js';
import { prefetchBoard } from '../features/board/api/get-orders.js';
import { configQuery } from '../lib/config.js';
import { persistQueries } from '../lib/query-persistence.js';
import { getTokens } from '../lib/storage.js';
import { theme } from './theme.js';

/** Cache 5 minutes; failed fetches retry 3 times, delay doubling from 1 s to a 30 s cap (§9). */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        staleTime: 30_000,
        retry: (count, err) =>
          count < 3 && !((err as { status?: number }).status! >= 400 && (err as { status?: number }).status! < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
      // An order action sent offline fails now instead of waiting to fire whenever the network returns.
      mutations: { networkMode: 'always' },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => {
    const c = makeQueryClient();
    persistQueries(c);
    // Every screen needs the server's configuration and clock: ask at once, beside the session.
    void c.prefetchQuery(configQuery);
    // A barista's phone opens on the board: its queues load while the app checks the session and
    // renders, instead of after (a refused or stale prefetch changes nothing: the board asks again).
    if (location.pathname.startsWith('/ordering') && getTokens().accessToken)
      void prefetchBoard(c).catch(() => undefined);
    return c;
  });
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AlertProvider>
          <ToastProvider>{children}</ToastProvider>
        </AlertProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
