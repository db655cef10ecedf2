import { ACTIVE_ORDER_STATUSES, type Order } from '@drinks/contracts';
import { useEffect, useRef, useState } from 'react';
import { STATUS_LABELS } from '../../components/staff-order-format.js';
import { useToast } from '../../components/toast-provider.js';
import { subscribeLive } from '../../lib/live-events.js';

/**
 * The orders the Cancel dialog is open for. They follow what other baristas do meanwhile: an order started
 * elsewhere shows its new status, one finished or cancelled elsewhere leaves the dialog with a word on where
 * it went, and the dialog closes when none is left. `activeIds` (the board's queues) closes it too when a
 * message was missed and only a refetch told.
 */
export function useRejecting(activeIds: ReadonlySet<string>) {
  const [orders, setOrders] = useState<readonly Order[] | null>(null);
  const toast = useToast();
  const current = useRef(orders);
  useEffect(() => {
    current.current = orders;
  });
  useEffect(
    () =>
      subscribeLive((msg) => {
        const list = current.current;
        if (msg.type !== 'orders' || !list?.some((o) => o.id === msg.data.id)) return;
        const moved = msg.data;
        if (ACTIVE_ORDER_STATUSES.includes(moved.status)) {
          setOrders(list.map((o) => (o.id === moved.id ? moved : o)));
          return;
        }
        const rest = list.filter((o) => o.id !== moved.id);
        setOrders(rest.length > 0 ? rest : null);
        toast({
          severity: 'info',
          title: `${moved.menu.name} for ${moved.user.name} is now ${STATUS_LABELS[moved.status]}`,
        });
      }),
    [toast],
  );
  const stillActive = orders?.filter((o) => activeIds.has(o.id)) ?? null;
  // Gone from the queues without a message: closed now, and not opened again should the order come back.
  if (orders && stillActive?.length === 0) setOrders(null);
  return [stillActive?.length ? stillActive : null, setOrders] as const;
}
