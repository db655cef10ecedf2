import type { Order } from '@drinks/contracts';
import { Box, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatBusinessTime, useConfig } from '../lib/config.js';
import { TimelineButton } from './timeline/timeline-button.js';
import { wrapAnywhere } from './wrap-anywhere.js';

/**
 * A finished (or just cancelled) order on the counter: what and whose, since when, a flag when it waited
 * too long, the caller's actions, and its timeline. `focusable` puts it in the tab order (the barista's
 * keyboard moves through the rows).
 */
export function PickupRow({
  order,
  now,
  overdue,
  focusable = false,
  children,
}: {
  order: Order;
  now: number;
  overdue: boolean;
  focusable?: boolean;
  children?: ReactNode;
}) {
  const { businessTimeZone } = useConfig();
  const minutes = Math.max(0, Math.floor((now - Date.parse(order.updatedAt)) / 60_000));
  return (
    <Box
      component="li"
      data-testid="pickup-row"
      data-ticket={order.id}
      data-overdue={overdue || undefined}
      {...(focusable ? { tabIndex: 0, 'aria-label': `${order.menu.name} for ${order.user.name}` } : {})}
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
        <Typography sx={{ fontWeight: 600, ...wrapAnywhere }}>
          {order.menu.name} · {order.user.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {order.status === 'done' ? 'Done' : 'Cancelled'} at {formatBusinessTime(order.updatedAt, businessTimeZone)} ·{' '}
          {minutes} min ago
          {/* Two cancelled Americanos of one customer are told apart by why each was cancelled. */}
          {order.status !== 'done' && order.reject_note ? ` · ${order.reject_note}` : ''}
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
      {children}
      <TimelineButton orderId={order.id} menuName={order.menu.name} />
    </Box>
  );
}
