import type { Order } from '@drinks/contracts';
import { useRef } from 'react';
import { useToast } from '../../components/toast-provider.js';
import { useRecallOrder } from './api/recall-order.js';
import { useUpdateBaristaOrder } from './api/update-barista-order.js';
import { describeFailure } from './board-errors.js';

/** The board's order actions; every failure is told on screen, never only logged. */
export function useBoardActions() {
  const update = useUpdateBaristaOrder();
  const recallMutation = useRecallOrder();
  const toast = useToast();
  const fail = (title: string, err: unknown) => toast({ severity: 'error', title, message: describeFailure(err) });
  const who = (o: Order) => `${o.menu.name} for ${o.user.name}`;
  // One action per order at a time: a second tap before the board has drawn the first one's answer (its
  // button still enabled) sent a second request, refused and told as a failure ("Already started by …").
  const acting = useRef(new Set<string>());
  const once = (o: Order, act: () => Promise<unknown>) => {
    if (acting.current.has(o.id)) return;
    acting.current.add(o.id);
    void act()
      .catch(() => undefined) // told by the action's own onError
      .finally(() => acting.current.delete(o.id));
  };

  const advance = (o: Order) => {
    const start = o.status === 'ordered';
    once(o, () =>
      update.mutateAsync(
        { id: o.id, patch: { status: start ? 'in-progress' : 'done', reject_note: '' } },
        { onError: (err) => fail(`Could not ${start ? 'start' : 'finish'} ${who(o)}`, err) },
      ),
    );
  };
  const pickUp = (o: Order) =>
    once(o, () =>
      update.mutateAsync(
        { id: o.id, patch: { status: 'picked' } },
        { onError: (err) => fail(`Could not hand over ${who(o)}`, err) },
      ),
    );
  const recall = (o: Order) =>
    once(o, () =>
      recallMutation.mutateAsync(o.id, {
        onSuccess: () => toast({ severity: 'success', title: `${who(o)} is back on the board`, autoCloseMs: 4000 }),
        onError: (err) => fail(`Could not recall ${who(o)}`, err),
      }),
    );

  /** Rejects each order; says which failed and why. Resolves the orders rejected. */
  const reject = async (orders: readonly Order[], note: string): Promise<Order[]> => {
    const results = await Promise.allSettled(
      orders.map((o) => update.mutateAsync({ id: o.id, patch: { status: 'rejected', reject_note: note } })),
    );
    const done: Order[] = [];
    const failures: string[] = [];
    results.forEach((r, i) => {
      const o = orders[i];
      if (r.status === 'fulfilled') done.push(r.value);
      // One order: the title names it already ('Could not cancel Latte for Ann — Already cancelled…').
      else if (o)
        failures.push(orders.length > 1 ? `${who(o)}: ${describeFailure(r.reason)}` : describeFailure(r.reason));
    });
    if (failures.length > 0)
      toast({
        severity: 'error',
        title:
          orders.length > 1
            ? `Cancelled ${done.length} of ${orders.length} orders`
            : `Could not cancel ${orders[0] ? who(orders[0]) : 'the order'}`,
        message: failures.join(' · '),
      });
    return done;
  };

  const busyId = update.isPending
    ? update.variables?.id
    : recallMutation.isPending
      ? recallMutation.variables
      : undefined;
  return { advance, pickUp, recall, reject, busyId, rejecting: update.isPending };
}
