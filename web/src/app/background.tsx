import { startTransition } from 'react';
import { useNavigate } from 'react-router';
import { PickupReminders } from '../features/reminders/pickup-reminders.js';
import { landingPath } from '../lib/access.js';
import { useLiveEvents } from '../lib/live-events.js';
import { useSession } from '../lib/session.js';

/** The live connection and the pickup reminders: loaded after the first screen, not before it. */
export default function Background() {
  const { user, shop, setUser, recheckUser } = useSession();
  const navigate = useNavigate();
  // The server closes the socket of a user whose role changed (and a reconnection may have missed it): the
  // screens follow the new role at once, from its home (customer-side.md §4), instead of the old role's
  // screens until a reload showed Unauthorized.
  const followRole = async () => {
    const me = await recheckUser().catch((err: unknown) => void console.warn('could not ask who is signed in', err));
    if (!me) return;
    const moved = me.role !== user?.role;
    // One render for both: the new role on the old address would be sent to /unauthorized.
    startTransition(() => {
      setUser(me);
      if (moved) void navigate(landingPath(me.role, shop), { replace: true });
    });
  };
  useLiveEvents(user?.id ?? null, () => void followRole());
  return <PickupReminders />;
}
