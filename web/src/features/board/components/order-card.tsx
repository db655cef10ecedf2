import type { Order } from '@drinks/contracts';
import { Box, Button, Card, CardContent, Checkbox, Stack, Typography } from '@mui/material';
import { isCafeOrder, typeLabel } from '../../../components/staff-order-format.js';
import { TimelineButton } from '../../../components/timeline/timeline-button.js';
import { remarkText } from '../board-logic.js';
import { TumblerImage } from './tumbler-image.js';

interface Props {
  order: Order;
  busy: boolean;
  selectMode: boolean;
  selected: boolean;
  onToggleSelect(): void;
  onAdvance(): void;
  onCancel(): void;
}

export function OrderCard({ order, busy, selectMode, selected, onToggleSelect, onAdvance, onCancel }: Props) {
  const remark = remarkText(order.remark);
  const waiting = order.status === 'ordered';
  return (
    <Card variant="outlined" data-testid="order-card" data-order-id={order.id}>
      <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
        {selectMode && (
          <Checkbox
            checked={selected}
            onChange={onToggleSelect}
            slotProps={{ input: { 'aria-label': `Select order of ${order.user.name}` } }}
          />
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {order.menu.name}
          </Typography>
          <Typography variant="body2">{order.user.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            Type: {typeLabel(order.type)}
            {isCafeOrder(order) && order.sweetness !== null && <> · Sweetness: {order.sweetness}%</>}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Remark: {remark ?? '-'}
          </Typography>
          {!selectMode && (
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <Button variant="contained" size="small" onClick={onAdvance} disabled={busy}>
                {waiting ? 'Do' : 'Done'}
              </Button>
              <Button variant="outlined" color="error" size="small" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <TimelineButton orderId={order.id} menuName={order.menu.name} />
            </Stack>
          )}
        </Box>
        <TumblerImage src={order.tumblerImage} owner={order.user.name} />
      </CardContent>
    </Card>
  );
}
