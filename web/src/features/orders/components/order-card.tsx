import AcUnitIcon from '@mui/icons-material/AcUnit';
import LocalDrinkIcon from '@mui/icons-material/LocalDrink';
import WhatshotIcon from '@mui/icons-material/Whatshot';
import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import type { Order } from '@drinks/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatBusinessTimeOn, useConfig } from '../../../lib/config.js';
import { useToday } from '../../../lib/use-business-day.js';
import { useOnline } from '../../../lib/online.js';
import { getOrder } from '../api/get-order.js';
import { useUpdateOrderStatus } from '../api/update-order-status.js';
import { cardTime, queueMessage, trackerStep } from '../order-text.js';
import { Tracker } from './tracker.js';
import { OrderAgainButton } from '../../../components/order-again-button.js';
import { TimelineButton } from '../../../components/timeline/timeline-button.js';
import { lazyComponent } from '../../../lib/lazy-component.js';
import { useHistoryStep } from '../../../lib/use-history-step.js';

/**
 * The order whose Cancel or Pick Up was just tapped. The button leaves with the status it sets, and the order
 * moves to the closed list in a card of its own: that card's name takes focus, not the top of the page.
 */
let focusAfterMove: string | null = null;

const CancelDialog = lazyComponent(async () => (await import('./cancel-dialog.js')).CancelDialog);

function TypeIcon({ type }: { type: Order['type'] }) {
  if (type === 'cold') return <AcUnitIcon sx={{ color: '#0d47a1' }} aria-label="cold" role="img" />;
  if (type === 'hot') return <WhatshotIcon sx={{ color: '#b71c1c' }} aria-label="hot" role="img" />;
  return <LocalDrinkIcon sx={{ color: '#4a2c6f' }} aria-label={type ?? 'drink'} role="img" />;
}

/**
 * `heading`: the level under the section the card sits in (h2 right under the page's h1).
 * `details` shows under the order's own lines (the screen composes what other features add).
 */
export function OrderCard({
  order,
  orderAgain = false,
  heading = 'h2',
  details,
}: {
  order: Order;
  orderAgain?: boolean;
  heading?: 'h2' | 'h3';
  details?: ReactNode;
}) {
  const { businessTimeZone } = useConfig();
  const today = useToday();
  const update = useUpdateOrderStatus();
  const online = useOnline();
  const [cancelName, setCancelName] = useState<string | null>(null);
  // A step in the browser's history: a phone's Back closes the dialog instead of leaving the screen. Not kept
  // when the barista started (or rejected) the order meanwhile (it would offer what can no longer be done),
  // nor when the step came back with a reload that forgot the name.
  const cancelStep = useHistoryStep(`cancelOrder:${order.id}`, order.status === 'ordered' && cancelName !== null);
  const nameRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusAfterMove !== order.id || order.status === 'ordered' || order.status === 'done') return;
    focusAfterMove = null;
    nameRef.current?.focus();
  }, [order.id, order.status]);
  const step = trackerStep(order.status);
  const isCafe = order.menu.category.categoryFor === 'cafe';

  const askCancel = async () => {
    try {
      setCancelName((await getOrder(order.id)).menu.name);
    } catch (err) {
      console.error('could not load the order', err);
      setCancelName(order.menu.name);
    }
    cancelStep.show();
  };

  return (
    <Card
      variant="outlined"
      data-testid="order-card"
      data-status={order.status}
      data-order-id={order.id}
      sx={{ borderRadius: 3 }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, overflowWrap: 'anywhere' }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          {/* Never broken: the card's text may break anywhere, which let a long message squeeze "10:01" apart. */}
          <Typography
            variant="body2"
            color="text.secondary"
            component="time"
            dateTime={cardTime(order)}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {formatBusinessTimeOn(cardTime(order), today, businessTimeZone)}
          </Typography>
          <Typography
            data-testid="queue-message"
            sx={{
              fontWeight: 700,
              textAlign: 'right',
              textWrap: 'balance',
              color: order.status === 'done' ? 'success.main' : step === null ? 'text.secondary' : 'primary.main',
            }}
          >
            {queueMessage(order)}
          </Typography>
        </Box>
        {step !== null && <Tracker step={step} />}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <TypeIcon type={order.type} />
          <Typography
            variant="h6"
            component={heading}
            ref={nameRef}
            tabIndex={-1}
            sx={{ flex: 1, fontSize: '1.125rem' }}
          >
            {order.menu.name}
          </Typography>
          {isCafe && order.sweetness !== null && (
            <Chip label={`${order.sweetness}%`} size="small" aria-label={`Sweetness ${order.sweetness}%`} />
          )}
        </Box>
        {order.remark && order.remark !== '-' && <Typography variant="body2">Remark: {order.remark}</Typography>}
        {order.reject_note && (
          <Typography variant="body2" color="error">
            Reason: {order.reject_note}
          </Typography>
        )}
        {details}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mx: -1 }}>
          <TimelineButton orderId={order.id} menuName={order.menu.name} />
          {orderAgain && <OrderAgainButton order={order} />}
        </Box>
        {order.status === 'ordered' && (
          <Button
            variant="outlined"
            color="error"
            onClick={() => void askCancel()}
            disabled={!online || update.isPending}
          >
            Cancel
          </Button>
        )}
        {order.status === 'done' && (
          <Button
            variant="contained"
            color="success"
            onClick={() => {
              focusAfterMove = order.id;
              update.mutate({ id: order.id, status: 'picked' }, { onError: () => (focusAfterMove = null) });
            }}
            disabled={!online || update.isPending}
          >
            Pick Up
          </Button>
        )}
      </CardContent>
      {cancelStep.open && cancelName !== null && (
        <CancelDialog
          open
          menuName={cancelName}
          onClose={cancelStep.close}
          onConfirm={() => {
            cancelStep.close();
            focusAfterMove = order.id;
            update.mutate({ id: order.id, status: 'cancel' }, { onError: () => (focusAfterMove = null) });
          }}
        />
      )}
    </Card>
  );
}
