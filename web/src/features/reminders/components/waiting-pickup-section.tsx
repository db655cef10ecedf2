import { Box, Chip, Typography } from '@mui/material';
import type { Order } from '@drinks/contracts';
import { useEffect, useState } from 'react';
import { formatBusinessTime, serverNow, useConfig } from '../../../lib/config.js';
import { ListSection } from '../../../components/list-section.js';
import { TimelineButton } from '../../../components/timeline/timeline-button.js';
import { useDoneOrders } from '../api/get-done-orders.js';
import { pickupWait } from '../reminder-logic.js';

function useNowEvery(ms: number): number {
  const [now, setNow] = useState(() => serverNow().getTime());
  useEffect(() => {
    const t = setInterval(() => setNow(serverNow().getTime()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

function Row({ order, now, timeZone }: { order: Order; now: number; timeZone: string }) {
  const wait = pickupWait(order.updatedAt, now);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
        listStyle: 'none',
      }}
      data-testid="pickup-row"
      data-overdue={wait.overdue || undefined}
    >
      <Box sx={{ flex: 1, minWidth: 160 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {order.menu.name} · {order.user.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Done at {formatBusinessTime(order.updatedAt, timeZone)} · {wait.minutes} min ago
        </Typography>
      </Box>
      {wait.overdue && (
        <Chip
          size="small"
          label="Done over 10 min"
          data-testid="overdue-badge"
          sx={{ bgcolor: '#8a4b00', color: '#fff', fontWeight: 600 }}
        />
      )}
      <TimelineButton orderId={order.id} menuName={order.menu.name} />
    </Box>
  );
}

/** Finished orders still on the counter, oldest first; long waits are flagged. */
export function WaitingPickupSection({
  range,
  filter,
}: {
  range: { startDate: string; endDate: string };
  filter: (orders: Order[]) => Order[];
}) {
  const { businessTimeZone } = useConfig();
  const done = useDoneOrders(range);
  const now = useNowEvery(30_000);
  const orders = filter(done.data ?? []).sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  return (
    <ListSection
      id="pickup-title"
      title={`Waiting for pick-up (${orders.length})`}
      testId="waiting-pickup"
      empty={orders.length === 0 ? 'Nothing waiting on the counter.' : null}
    >
      {orders.map((o) => (
        <Row key={o.id} order={o} now={now} timeZone={businessTimeZone} />
      ))}
    </ListSection>
  );
}
