import type { Order } from '@drinks/contracts';
import { Badge, Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A queue of tickets: one column on a phone, a grid of columns (oldest first) on a wide screen. */
export function OrderSection({
  title,
  orders,
  badge = 0,
  render,
}: {
  title: string;
  orders: readonly Order[];
  badge?: number;
  render(order: Order): ReactNode;
}) {
  const id = `section-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography id={id} variant="h6" component="h2" sx={{ fontSize: '1.125rem' }}>
          {title}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary" data-testid={`${id}-count`}>
          ({orders.length})
        </Typography>
        {/* Beside the count, in the row's flow: over the title's corner it covered its last letters. */}
        <Badge
          color="error"
          badgeContent={badge}
          invisible={badge === 0}
          role={badge ? 'img' : undefined}
          aria-label={badge ? `${badge} new` : undefined}
          sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
        />
      </Stack>
      {orders.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          No orders now,
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(230px, 1fr))' },
            alignItems: 'start',
          }}
        >
          {orders.map(render)}
        </Box>
      )}
    </section>
  );
}
