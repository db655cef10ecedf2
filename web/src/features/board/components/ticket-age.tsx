import type { Order } from '@drinks/contracts';
import { Box, Typography } from '@mui/material';
import { formatBusinessTime, useConfig } from '../../../lib/config.js';
import { formatAge, type AgeLevel } from '../station-logic.js';

export const AGE_COLOURS: Record<AgeLevel, { border: string; bg: string; fg: string; label: string }> = {
  fresh: { border: '#c8c8c8', bg: '#e8f5e9', fg: '#1b5e20', label: 'on time' },
  warn: { border: '#ed6c02', bg: '#fff3e0', fg: '#8a3c00', label: 'waiting long' },
  late: { border: '#c62828', bg: '#ffebee', fg: '#9a0007', label: 'late' },
};

/** The ticking age of a ticket, coloured by how long it has waited. */
export function AgeChip({ order, now, level }: { order: Order; now: number; level: AgeLevel }) {
  const age = formatAge(now - Date.parse(order.orderDate));
  const colours = AGE_COLOURS[level];
  return (
    <Box
      component="span"
      data-testid="ticket-age"
      aria-label={`Waiting ${age}, ${colours.label}`}
      sx={{ px: 0.75, borderRadius: 1, fontWeight: 700, fontSize: 14, bgcolor: colours.bg, color: colours.fg }}
    >
      {age}
    </Box>
  );
}

/** 'Placed 10:32', with the day when it was placed on an earlier one. */
export function PlacedAt({ order, now }: { order: Order; now: number }) {
  const { businessTimeZone } = useConfig();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: businessTimeZone }).format;
  const placed = Date.parse(order.orderDate);
  const earlier = day(placed) !== day(now);
  return (
    <Typography variant="body2" color="text.secondary" data-testid="placed-at">
      Placed {earlier ? `${day(placed)} ` : ''}
      {formatBusinessTime(order.orderDate, businessTimeZone)}
    </Typography>
  );
}
