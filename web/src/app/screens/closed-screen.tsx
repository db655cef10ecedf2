import { Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { ClosedPage } from '../../features/closed/closed-page.js';
import { useMyOrdersToday } from '../../lib/api/get-my-orders.js';
import { CustomerOrderCard } from './customer-order-card.js';

/**
 * Drinks finished before the shop closed, still on the counter: the closed screen has no tab bar and no
 * My Order link, so their Pick Up would otherwise be out of reach while the reminder asks for it.
 */
function DrinksToPickUp() {
  const orders = useMyOrdersToday();
  const waiting = (orders.data ?? []).filter((o) => o.status === 'done');
  // The last one picked up: its card and button are gone, so the focus goes to a word that says so.
  const [shown, setShown] = useState(false);
  if (waiting.length > 0 && !shown) setShown(true);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const allPicked = shown && waiting.length === 0;
  useEffect(() => {
    if (allPicked) doneRef.current?.focus();
  }, [allPicked]);
  if (allPicked)
    return (
      <Typography ref={doneRef} tabIndex={-1} role="status" sx={{ mt: 2, textAlign: 'center', outline: 'none' }}>
        Picked up. Enjoy your drink!
      </Typography>
    );
  if (waiting.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, borderRadius: 3 }} data-testid="closed-pickup">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Ready to pick up
      </Typography>
      <Stack spacing={1.5}>
        {waiting.map((o) => (
          <CustomerOrderCard key={o.id} order={o} heading="h3" />
        ))}
      </Stack>
    </Paper>
  );
}

/** /close-all: the closed notice, with any drink of the person's still waiting to be picked up. */
export function ClosedScreen() {
  return (
    <ClosedPage>
      <DrinksToPickUp />
    </ClosedPage>
  );
}
