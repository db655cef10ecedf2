import { pushTag, type Order } from '@drinks/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useDismissToast, useToast } from '../../components/toast-provider.js';
import { serverNow } from '../../lib/config.js';
import { subscribeLive } from '../../lib/live-events.js';
import { useSession } from '../../lib/session.js';
import { useMyOrdersToday } from '../../lib/api/get-my-orders.js';
import { chime, systemNotify, takeBackNotification, vibrate } from './alert-channels.js';
import {
  dueReminders,
  markReminded,
  msUntilNextReminder,
  rejectionNotice,
  reminderText,
  trackOrder,
  type ReminderAction,
  type ReminderState,
} from './reminder-logic.js';

const noticeTag = (orderId: string) => `pickup:${orderId}`;

function Reminders({ userId }: { userId: string }) {
  const toast = useToast();
  const dismissToast = useDismissToast();
  const orders = useMyOrdersToday();
  const [state, setState] = useState<ReminderState>({});
  const stateRef = useRef(state);
  const lastStatus = useRef(new Map<string, Order['status']>());
  const names = useRef(new Map<string, string>());
  // Said, not shown: the tracker already shows the start, but a screen reader heard nothing of it.
  const [started, setStarted] = useState('');

  const announce = (a: ReminderAction) => {
    const { title, message } = reminderText(a);
    toast({
      severity: a.kind === 'ready' ? 'success' : a.kind === 'rejected' ? 'error' : 'info',
      title,
      message,
      autoCloseMs: 30_000,
      tag: noticeTag(a.orderId),
    });
    chime();
    vibrate();
    systemNotify(title, message, pushTag(a.orderId, a.kind));
  };

  // Both the live messages and the (polled, invalidated) order list feed the same state;
  // a move to done counts as news only when the order was seen before in another status.
  const observe = (order: Order, fromLive: boolean) => {
    if (order.user.id !== userId) return;
    const prev = lastStatus.current.get(order.id);
    lastStatus.current.set(order.id, order.status);
    names.current.set(order.id, order.menu.name);
    const live = fromLive ? prev !== 'done' : prev !== undefined && prev !== 'done';
    if (order.status === 'in-progress' && prev !== undefined && prev !== 'in-progress')
      // A second Latte started says the same words: a no-break space on every other one changes the
      // region's text, so it is read again.
      setStarted((was) => `The barista has started your ${order.menu.name}.${was.endsWith('.') ? '\u00a0' : ''}`);
    const before = stateRef.current;
    const r = trackOrder(before, order, serverNow().getTime(), live);
    stateRef.current = r.state;
    if (r.state !== before) setState(r.state);
    // Picked up (or otherwise no longer waiting at the counter): its "ready" notice is no longer true.
    if (before[order.id] && !r.state[order.id]) {
      dismissToast(noticeTag(order.id));
      takeBackNotification(pushTag(order.id, 'ready'));
      takeBackNotification(pushTag(order.id, 'reminder'));
    }
    r.actions.forEach(announce);
    // Rejected: the order leaves the screens, so without a word its owner kept waiting at the counter.
    const rejected = rejectionNotice(order, prev, fromLive);
    if (rejected) announce(rejected);
    // Recalled by the barista after all (their undo): the rejection no longer holds.
    if (prev === 'rejected' && order.status !== 'rejected') {
      dismissToast(noticeTag(order.id));
      takeBackNotification(pushTag(order.id, 'rejected'));
    }
  };
  const observeRef = useRef(observe);
  const announceRef = useRef(announce);
  useLayoutEffect(() => {
    observeRef.current = observe;
    announceRef.current = announce;
  });

  useEffect(() => subscribeLive((msg) => msg.type === 'orders' && observeRef.current(msg.data, true)), []);

  useEffect(() => {
    for (const o of orders.data ?? []) observeRef.current(o, false);
  }, [orders.data]);

  useEffect(() => {
    const wait = msUntilNextReminder(state, serverNow().getTime());
    if (wait === null) return;
    const timer = setTimeout(() => {
      const due = dueReminders(stateRef.current, serverNow().getTime());
      stateRef.current = markReminded(stateRef.current, due);
      setState(stateRef.current);
      for (const id of due)
        announceRef.current({ kind: 'reminder', orderId: id, menuName: names.current.get(id) ?? 'Your drink' });
    }, wait + 50);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <div role="status" style={visuallyHidden} data-testid="order-started">
      {started}
    </div>
  );
}

/** Pick-up reminders for the signed-in customer (users and admins ordering for themselves). */
export function PickupReminders() {
  const { user } = useSession();
  if (!user || (user.role !== 'user' && user.role !== 'admin')) return null;
  return <Reminders key={user.id} userId={user.id} />;
}
