import type { Area } from '@drinks/contracts';
import { Button, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useAlert } from '../../../components/alert-provider.js';
import type { OrderDraft } from '../api/place-order.js';
import { useSubmitOrder } from '../use-submit-order.js';
import { OrderSummary } from './order-summary.js';

export const CHECK_MESSAGE = 'please check your order';

/**
 * The fields of an order form, then Next: the spec's alert while the draft is not `ready`, else the
 * summary, from which the draft is placed (or taken back to edit).
 */
export function OrderDraftForm({
  area,
  draft,
  ready,
  children,
}: {
  area: Area;
  draft: OrderDraft;
  ready: boolean;
  children: ReactNode;
}) {
  const alert = useAlert();
  const { submit, pending } = useSubmitOrder(area);
  const [summaryOpen, setSummaryOpen] = useState(false);
  // A draft that stops being placeable meanwhile (the cafe closed, Friday noon passed, the drink left the
  // menu) closes its summary: the form behind it says why. One already being placed finishes.
  if (summaryOpen && !ready && !pending) setSummaryOpen(false);
  return (
    <>
      <Stack
        component="form"
        spacing={3}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) setSummaryOpen(true);
          else void alert(CHECK_MESSAGE);
        }}
      >
        {children}
        <Button
          type="submit"
          variant="contained"
          color={area === 'bar' ? 'secondary' : 'primary'}
          size="large"
          disabled={!ready}
        >
          Next
        </Button>
      </Stack>
      <OrderSummary
        open={summaryOpen}
        draft={draft}
        area={area}
        pending={pending}
        onEdit={() => setSummaryOpen(false)}
        // Left open where the answer was lost: 'Tap Place order again' names the button still there.
        onPlace={() =>
          void submit(draft).then(
            (again) => !again && setSummaryOpen(false),
            () => setSummaryOpen(false),
          )
        }
      />
    </>
  );
}
