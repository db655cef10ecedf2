import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers.js';
import { RouteErrorBoundary } from './app/route-error-boundary.js';
import { AppRoutes, preloadOpeningScreen } from './app/routes.js';
import { startSessionCheck } from './lib/session.js';

startSessionCheck(preloadOpeningScreen(location.pathname));

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
);
