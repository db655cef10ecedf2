import type { Order } from '@drinks/contracts';
import { ListSection } from '../../../components/list-section.js';
import { PickupRow } from '../../../components/pickup-row.js';
import { useNow } from '../../../lib/use-now.js';
import { useDoneOrders } from '../api/get-done-orders.js';
import { pickupWait } from '../reminder-logic.js';

/** Finished orders still on the counter, oldest first; long waits are flagged. */
export function WaitingPickupSection({
  range,
  filter,
}: {
  range: { startDate: string; endDate: string };
  filter: (orders: Order[]) => Order[];
}) {
  const done = useDoneOrders(range);
  const now = useNow(30_000);
  const orders = filter(done.data ?? []).sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  return (
    <ListSection
      id="pickup-title"
      title={`Waiting for pick-up (${orders.length})`}
      testId="waiting-pickup"
      empty={orders.length === 0 ? 'Nothing waiting on the counter.' : null}
    >
      {orders.map((o) => (
        <PickupRow key={o.id} order={o} now={now} overdue={pickupWait(o.updatedAt, now).overdue} />
      ))}
    </ListSection>
  );
}
