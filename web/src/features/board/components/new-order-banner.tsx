import type { Order } from '@drinks/contracts';
import { Alert, Button } from '@mui/material';

/** Stays until the barista acknowledges it or the orders are started: a missed toast is a missed drink. */
export function NewOrderBanner({ fresh, onAcknowledge }: { fresh: readonly Order[]; onAcknowledge(): void }) {
  if (fresh.length === 0) return null;
  const first = fresh[0];
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      data-testid="new-order-alert"
      onClick={onAcknowledge}
      sx={{ position: 'sticky', top: 8, zIndex: 5, cursor: 'pointer', mb: 1, bgcolor: '#8a3c00', color: '#fff' }}
      action={
        <Button color="inherit" size="small" onClick={onAcknowledge}>
          OK
        </Button>
      }
    >
      {fresh.length === 1 && first
        ? `New order: ${first.menu.name} for ${first.user.name}`
        : `${fresh.length} new orders`}
    </Alert>
  );
}

export function SoundBlockedNotice({ blocked, onUnlock }: { blocked: boolean; onUnlock(): void }) {
  if (!blocked) return null;
  return (
    <Alert
      severity="info"
      data-testid="sound-blocked"
      sx={{ mb: 1 }}
      action={
        <Button color="inherit" size="small" onClick={onUnlock}>
          Turn sound on
        </Button>
      }
    >
      Sound is off: the browser plays the new-order beep only after the first tap on this page.
    </Alert>
  );
}
