import { ERROR_MESSAGES, shopStatusParam, type ShopStatus, type ShopStatusParam } from '@drinks/contracts';
import { Alert, FormControl, InputLabel, Select, Typography } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { ApiError } from '../../../lib/api-client.js';
import { useChangeShopStatus } from '../api/change-shop-status.js';
import { optionItems } from '../../../components/option-items.js';

const OPTIONS: readonly { value: ShopStatusParam; label: string; title: string; text: string }[] = [
  { value: 'cafe-open', label: 'Cafe', title: 'Open Cafe', text: 'Customers will be able to order from the cafe.' },
  { value: 'bar-open', label: 'Bar', title: 'Open Bar', text: 'Orders are taken at the bar only.' },
  { value: 'all-close', label: 'Close', title: 'Close Cafe and Bar', text: 'Nobody will be able to order.' },
];

/** The Shop Status selector while nothing is queued (or all is closed), else the text; its confirm dialog and refusal. */
export function ShopStatusControl({ shop, canChange }: { shop: ShopStatus; canChange: boolean }) {
  const current = shopStatusParam(shop);
  const [pending, setPending] = useState<ShopStatusParam | null>(null);
  const [error, setError] = useState<{ text: string; activeOrders: boolean } | null>(null);
  const [couldChange, setCouldChange] = useState(canChange);
  const change = useChangeShopStatus();
  // "There are still orders" is past once they are gone and the selector is back.
  if (couldChange !== canChange) {
    setCouldChange(canChange);
    if (canChange && error?.activeOrders) setError(null);
  }

  const option = OPTIONS.find((o) => o.value === pending);
  const confirm = async () => {
    if (!pending) return;
    try {
      await change.mutateAsync(pending);
      setError(null);
    } catch (err) {
      const activeOrders = err instanceof ApiError && err.code === 'ACTIVE_ORDERS';
      const text = activeOrders
        ? (ERROR_MESSAGES.ACTIVE_ORDERS ?? 'Active orders')
        : err instanceof Error
          ? err.message
          : 'Please try again later';
      setError({ text, activeOrders });
    }
    setPending(null);
  };

  // The parent's row lays these out: the selector or the text among the title's controls, the refusal
  // on a line of its own under them (inside the row it stretched it and pushed the controls half a row down).
  // The selector follows the live board: an order arriving hides it even while a dialog is open.
  return (
    <>
      {canChange ? (
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id="shop-status-label">Shop Status</InputLabel>
          <Select
            labelId="shop-status-label"
            label="Shop Status"
            value={pending ?? current}
            onChange={(e) => setPending(e.target.value as ShopStatusParam)}
          >
            {optionItems(OPTIONS)}
          </Select>
        </FormControl>
      ) : (
        <Typography component="p" variant="h6" sx={{ fontWeight: 700 }} data-testid="shop-status-text">
          {current === 'bar-open' ? 'Bar Open' : 'Cafe Open'}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ order: 9, flexBasis: '100%' }} onClose={() => setError(null)}>
          {error.text}
        </Alert>
      )}
      <ConfirmDialog
        open={option !== undefined && pending !== current}
        title={option?.title}
        text={option?.text}
        confirmLabel="Confirm"
        cancelLabel="Close"
        busy={change.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
