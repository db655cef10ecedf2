import { PickupReminders } from '../features/reminders/pickup-reminders.js';
import { useLiveEvents } from '../lib/live-events.js';
import { useSession } from '../lib/session.js';

/** The live connection and the pickup reminders: loaded after the first screen, not before it. */
export default function Background() {
  const { user } = useSession();
  useLiveEvents(user?.id ?? null);
  return <PickupReminders />;
}
