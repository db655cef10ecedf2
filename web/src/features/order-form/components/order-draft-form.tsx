import type { Area } from '@drinks/contracts';
import { Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useAlert } from '../../../components/alert-provider.js';
import { useHistoryStep } from '../../../lib/use-history-step.js';
import type { OrderDraft } from '../api/place-order.js';
import { useSubmitOrder } from '../use-submit-order.js';
import { OrderSummary } from './order-summary.js';

export const CHECK_MESSAGE = 'please check your order';

/**
 * The fields of an order form, then Next: the spec's alert while the draft is not `filled` in or has a
 * `problem`, else the summary, from which the draft is placed (or taken back to edit). A problem arising
 * while the summary is open (the drink set inactive, the area closed) shows in it; Place order still
 * sends, and the server's refusal ends as the spec says: 'Order failed!', then back to the menu.
 */
export function OrderDraftForm({
  area,
  draft,
  filled,
  problem,
  children,
}: {
  area: Area;
  draft: OrderDraft;
  filled: boolean;
  problem: string | null;
  children: ReactNode;
}) {
  const alert = useAlert();
  const { submit, pending } = useSubmitOrder(area);
  // A step in the browser's history: a phone's Back closes the summary, as Edit does, instead of leaving
  // the form and every choice on it.
  // Not kept once its choices are gone (the page was reloaded with it open): nothing to show or place.
  const summary = useHistoryStep('orderSummary', filled || pending);
  const ready = filled && problem === null;
  return (
    <>
      <Stack
        component="form"
        spacing={3}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) summary.show();
          else void alert(CHECK_MESSAGE);
        }}
        // Enter in a field sends the form, but not past a disabled Next (HTML's implicit submission does
        // nothing then): the spec's alert says why instead of nothing happening.
        onKeyDown={(e) => {
          const field = e.target;
          if (e.key !== 'Enter' || ready || !(field instanceof HTMLInputElement) || field.type === 'file') return;
          e.preventDefault();
          void alert(CHECK_MESSAGE);
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
        open={summary.open}
        draft={draft}
        problem={problem}
        area={area}
        pending={pending}
        // Not while it is being placed: Escape or a tap beside it would take the step the placing leaves from.
        onEdit={() => !pending && summary.close()}
        // Left open where the answer was lost ('Tap Place order again' names the button still there), and
        // where the app has gone on to another screen (its step in the history is taken by that screen).
        onPlace={() => void submit(draft).then((outcome) => outcome === 'stay' && summary.close(), summary.close)}
      />
    </>
  );
}
