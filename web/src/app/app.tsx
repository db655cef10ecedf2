import { Outlet } from 'react-router';
import { OfflineBanner } from '../components/offline-banner.js';
import { UpdatePrompt } from '../components/update-prompt.js';
import { lazyComponent, loadUntilIn } from '../lib/lazy-component.js';
import { SessionProvider, useSession } from '../lib/session.js';
import { RouteErrorBoundary } from './route-error-boundary.js';

const Background = lazyComponent(() => loadUntilIn(async () => (await import('./background.js')).default));

/** The live connection and the reminders, only for someone signed in, loaded beside the first screen. */
function SignedInBackground() {
  const { user } = useSession();
  if (!user) return null;
  return <Background />;
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
