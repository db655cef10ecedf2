import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertProvider } from '../components/alert-provider.js';
import { ToastProvider } from '../components/toast-provider.js';
import { prefetchBoard } from '../features/board/api/get-orders.js';
import { configQuery } from '../lib/config.js';
import { makeQueryClient } from '../lib/query-client.js';
import { persistQueries } from '../lib/query-persistence.js';
import { getTokens } from '../lib/storage.js';
import { theme } from './theme.js';

/**
 * The app's query client, asking at once for what every opening needs: main.tsx makes it before the
 * opening screen's code has arrived, so these requests run beside that download.
 */
export function startQueries(): QueryClient {
  const client = makeQueryClient();
  persistQueries(client);
  // Every screen needs the server's configuration and clock.
  void client.prefetchQuery(configQuery);
  // A barista's phone opens on the board: its queues load while the app checks the session and
  // starts (a refused or stale prefetch changes nothing: the board asks again).
  if (location.pathname.startsWith('/ordering') && getTokens().accessToken)
    void prefetchBoard(client).catch(() => undefined);
  return client;
}

/**
 * @mui/system's ThemeProvider, which @mui/material's wraps: ours would choose between it and the CSS
 * variables provider at run time, so every first screen loaded the unused one (about 2 KiB gzip).
 * The theme has no colour schemes, for which @mui/material's would pick this one anyway.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
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
