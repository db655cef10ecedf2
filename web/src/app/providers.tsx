import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AlertProvider } from '../components/alert-provider.js';
import { ToastProvider } from '../components/toast-provider.js';
import { prefetchBoard } from '../features/board/api/get-orders.js';
import { configQuery } from '../lib/config.js';
import { makeQueryClient } from '../lib/query-client.js';
import { persistQueries } from '../lib/query-persistence.js';
import { getTokens } from '../lib/storage.js';
import { theme } from './theme.js';

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
