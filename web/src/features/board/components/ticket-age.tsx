import { businessDay, type Order } from '@drinks/contracts';
import { Box, Typography } from '@mui/material';
import { formatBusinessTime, useConfig } from '../../../lib/config.js';
import { useNow } from '../../../lib/use-now.js';
import { formatAge, type AgeLevel } from '../station-logic.js';

export const AGE_COLOURS: Record<AgeLevel, { border: string; bg: string; fg: string; label: string }> = {
  fresh: { border: '#c8c8c8', bg: '#e8f5e9', fg: '#1b5e20', label: 'on time' },
  warn: { border: '#ed6c02', bg: '#fff3e0', fg: '#8a3c00', label: 'waiting long' },
  late: { border: '#c62828', bg: '#ffebee', fg: '#9a0007', label: 'late' },
};

/**
 * The ticking age of a ticket, coloured by how long it has waited. It reads the clock every second itself,
 * so the board around it re-renders only when something else changes.
 */
export function AgeChip({ order, level }: { order: Order; level: AgeLevel }) {
  const now = useNow(1000);
  const age = formatAge(now - Date.parse(order.orderDate));
  const colours = AGE_COLOURS[level];
  return (
    <Box
      component="span"
      data-testid="ticket-age"
      aria-label={`Waiting ${age}, ${colours.label}`}
      // Its own width, always on one line: a long drink name beside it wraps instead (it broke '0:0' / '7').
      sx={{
        px: 0.75,
        borderRadius: 1,
        fontWeight: 700,
        fontSize: '0.875rem',
        bgcolor: colours.bg,
        color: colours.fg,
        whiteSpace: 'nowrap',
        flexShrink: 0,
      }}
    >
      {age}
    </Box>
  );
}

/** 'Placed 10:32', with the day when it was placed on an earlier one. */
export function PlacedAt({ order, now }: { order: Order; now: number }) {
  const { businessTimeZone } = useConfig();
  const placed = businessDay(new Date(order.orderDate), businessTimeZone);
  const earlier = placed !== businessDay(new Date(now), businessTimeZone);
  return (
    <Typography variant="body2" color="text.secondary" data-testid="placed-at">
      Placed {earlier ? `${placed} ` : ''}
      {formatBusinessTime(order.orderDate, businessTimeZone)}
    </Typography>
  );
}
