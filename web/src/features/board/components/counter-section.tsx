import type { Order } from '@drinks/contracts';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { formatBusinessTime, useConfig } from '../../../lib/config.js';
import { ListSection } from '../../../components/list-section.js';
import { TimelineButton } from '../../../components/timeline/timeline-button.js';
import { UNCLAIMED_AFTER_MS, recallable } from '../station-logic.js';

interface RowProps {
  order: Order;
  now: number;
  busy: boolean;
  onPickUp?(): void;
  onRecall(): void;
}

function Row({ order, now, busy, onPickUp, onRecall }: RowProps) {
  const { businessTimeZone } = useConfig();
  const since = now - Date.parse(order.updatedAt);
  const overdue = order.status === 'done' && since >= UNCLAIMED_AFTER_MS;
  const canRecall = recallable(order, now);
  return (
    <Box
      component="li"
      data-testid="pickup-row"
      data-ticket={order.id}
      data-overdue={overdue || undefined}
      tabIndex={0}
      aria-label={`${order.menu.name} for ${order.user.name}`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
        listStyle: 'none',
        '&:focus-visible': { outline: '3px solid #1565c0', outlineOffset: 2 },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 160 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {order.menu.name} · {order.user.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {order.status === 'done' ? 'Done' : 'Cancelled'} at {formatBusinessTime(order.updatedAt, businessTimeZone)} ·{' '}
          {Math.max(0, Math.floor(since / 60_000))} min ago
        </Typography>
      </Box>
      {overdue && (
        <Chip
          size="small"
          label="Done over 10 min"
          data-testid="overdue-badge"
          sx={{ bgcolor: '#8a4b00', color: '#fff', fontWeight: 600 }}
        />
      )}
      {onPickUp && (
        <Button size="small" variant="contained" onClick={onPickUp} disabled={busy}>
          Picked up
        </Button>
      )}
      {canRecall && (
        <Button size="small" variant="outlined" onClick={onRecall} disabled={busy}>
          Recall
        </Button>
      )}
      <TimelineButton orderId={order.id} menuName={order.menu.name} />
    </Box>
  );
}

/**
 * The counter: finished drinks waiting to be handed over (long waits flagged), and orders cancelled
 * in the last two minutes, which can still be recalled.
 */
export function CounterSection({
  done,
  rejected,
  now,
  busyId,
  offline,
  onPickUp,
  onRecall,
}: {
  done: readonly Order[];
  rejected: readonly Order[];
  now: number;
  busyId: string | undefined;
  offline: boolean;
  onPickUp(o: Order): void;
  onRecall(o: Order): void;
}) {
  const waiting = [...done].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  const recent = rejected.filter((o) => recallable(o, now));
  return (
    <Stack spacing={2}>
      <ListSection
        id="pickup-title"
        title={`Waiting for pick-up (${waiting.length})`}
        testId="waiting-pickup"
        empty={waiting.length === 0 ? 'Nothing waiting on the counter.' : null}
      >
        {waiting.map((o) => (
          <Row
            key={o.id}
            order={o}
            now={now}
            busy={offline || busyId === o.id}
            onPickUp={() => onPickUp(o)}
            onRecall={() => onRecall(o)}
          />
        ))}
      </ListSection>
      {recent.length > 0 && (
        <ListSection id="recent-title" title="Recently cancelled" testId="recently-cancelled">
          {recent.map((o) => (
            <Row key={o.id} order={o} now={now} busy={offline || busyId === o.id} onRecall={() => onRecall(o)} />
          ))}
        </ListSection>
      )}
    </Stack>
  );
}
