import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers.js';
import { RouteErrorBoundary } from './app/route-error-boundary.js';
import { AppRoutes, preloadOpeningScreen } from './app/routes.js';
import { startSessionCheck } from './lib/session.js';

const openingScreen = preloadOpeningScreen(location.pathname);
startSessionCheck(openingScreen);

// The first render waits for the opening screen's code. Until then index.html's own markup shows the
// loading screen (or on /login the welcome page); rendering earlier would only paint the loading screen
// over it, and on /login replace the welcome page with it for a moment.
void openingScreen
  .catch(() => undefined) // the route's error boundary shows a chunk that failed to load
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            <RouteErrorBoundary>
              <AppRoutes />
            </RouteErrorBoundary>
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
