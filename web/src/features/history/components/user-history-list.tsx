import type { Order } from '@drinks/contracts';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { formatDateTime, sweetnessLabel, typeLabel } from '../../../components/staff-order-format.js';
import { OrderAgainButton } from '../../../components/order-again-button.js';
import { TimelineButton } from '../../../components/timeline/timeline-button.js';
import { wrapAnywhere } from '../../../components/wrap-anywhere.js';
import { userStatusLabel } from '../history-logic.js';

export function UserHistoryList({ orders, timeZone }: { orders: readonly Order[]; timeZone: string }) {
  return (
    <Stack spacing={1.5}>
      {orders.map((o) => {
        const sweet = sweetnessLabel(o);
        const status = userStatusLabel(o);
        return (
          <Card key={o.id} variant="outlined" data-testid="history-entry">
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, mr: -1 }}>
                <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                  {formatDateTime(o.updatedAt, timeZone)}
                </Typography>
                <TimelineButton orderId={o.id} menuName={o.menu.name} />
                <OrderAgainButton order={o} />
              </Box>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, ...wrapAnywhere }}>
                {o.menu.name}
              </Typography>
              <Typography variant="body2">
                {typeLabel(o.type)}
                {sweet && ` · ${sweet}`}
              </Typography>
              <Typography
                variant="body2"
                sx={{ mt: 0.5, fontWeight: 600, color: status === 'Done' ? 'success.dark' : 'error.dark' }}
              >
                {status}
              </Typography>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
