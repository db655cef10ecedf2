import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, startQueries } from './app/providers.js';
import { RouteErrorBoundary } from './app/route-error-boundary.js';
import { AppRoutes, preloadOpeningScreen } from './app/routes.js';
import { keptStyleCache } from './lib/kept-styles.js';
import { startSessionCheck } from './lib/session.js';

const { client: queryClient, openingData } = startQueries();
const opening = startSessionCheck(queryClient, Promise.all([preloadOpeningScreen(location.pathname), openingData]));

// The first render waits for the opening screen's code and the session check. Until then index.html's
// own markup shows the loading screen (or on /login the welcome page); rendering earlier would only paint
// the loading screen over it, and on /login replace the welcome page with it for a moment. A chunk that
// failed to load is shown by the route's error boundary; a failed check, by the session.
void opening
  .catch(() => undefined)
  .then(() => {
    const styles = keptStyleCache();
    const root = createRoot(document.getElementById('root')!);
    // As a transition, React renders the first screen in slices of a few milliseconds, yielding between
    // them, instead of one task that blocks a phone's main thread for hundreds of milliseconds (Lighthouse's
    // Total Blocking Time). Nothing is on screen to keep meanwhile: index.html's own markup stays until it commits.
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProviders client={queryClient} styles={styles}>
            <BrowserRouter>
              <RouteErrorBoundary>
                <AppRoutes />
              </RouteErrorBoundary>
            </BrowserRouter>
          </AppProviders>
        </StrictMode>,
      ),
    );
  });
