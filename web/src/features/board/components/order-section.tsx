import type { Order } from '@drinks/contracts';
import { Badge, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

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
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Badge
          color="error"
          badgeContent={badge}
          invisible={badge === 0}
          aria-label={badge ? `${badge} new` : undefined}
        >
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
        </Badge>
        <Typography component="span" variant="body2" color="text.secondary" data-testid={`${id}-count`}>
          ({orders.length})
        </Typography>
      </Stack>
      {orders.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No orders now,
        </Typography>
      ) : (
        <Stack spacing={1.5}>{orders.map(render)}</Stack>
      )}
    </section>
  );
}
