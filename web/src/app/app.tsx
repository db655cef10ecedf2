import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../components/offline-banner.js';
import { UpdatePrompt } from '../components/update-prompt.js';
import { SessionProvider, useSession } from '../lib/session.js';
import { RouteErrorBoundary } from './route-error-boundary.js';

const Background = lazy(() => import('./background.js'));

/** The live connection and the reminders, only for someone signed in, loaded beside the first screen. */
function SignedInBackground() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <Background />
    </Suspense>
  );
}

/** Root route element: session, the live connection, then the matched screen. */
export function App() {
  return (
    <SessionProvider>
      <SignedInBackground />
      <OfflineBanner />
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
      <UpdatePrompt />
    </SessionProvider>
  );
}
