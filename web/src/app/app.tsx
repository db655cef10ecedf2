import { Outlet } from 'react-router';
import { OfflineBanner } from '../components/offline-banner.js';
import { UpdatePrompt } from '../components/update-prompt.js';
import { PickupReminders } from '../features/reminders/pickup-reminders.js';
import { useLiveEvents } from '../lib/live-events.js';
import { SessionProvider, useSession } from '../lib/session.js';

function LiveEvents() {
  const { user } = useSession();
  useLiveEvents(user?.id ?? null);
  return null;
}

/** Root route element: session, the live connection, then the matched screen. */
export function App() {
  return (
    <SessionProvider>
      <LiveEvents />
      <PickupReminders />
      <OfflineBanner />
      <Outlet />
      <UpdatePrompt />
    </SessionProvider>
  );
}
