import type { Order } from '@drinks/contracts';
import { Box, Chip, Typography } from '@mui/material';
import { allDayCounts } from '../station-logic.js';

/** What is still to make right now, per drink and type, so a barista can batch. */
export function AllDayStrip({ orders }: { orders: readonly Order[] }) {
  const counts = allDayCounts(orders);
  return (
    <Box
      component="section"
      aria-labelledby="all-day-title"
      // It scrolls sideways on a phone: a keyboard reaches it to scroll it too (WCAG 2.1.1).
      tabIndex={0}
      data-testid="all-day"
      sx={{ display: 'flex', gap: 0.75, alignItems: 'center', overflowX: 'auto', py: 0.5 }}
    >
      <Typography id="all-day-title" component="h2" variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        To make:
      </Typography>
      {counts.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          nothing
        </Typography>
      ) : (
        counts.map((c) => (
          <Chip
            key={c.label}
            size="small"
            variant="outlined"
            label={`${c.count} x ${c.label}`}
            data-testid="all-day-item"
          />
        ))
      )}
    </Box>
  );
}
