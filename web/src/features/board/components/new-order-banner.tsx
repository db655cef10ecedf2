import type { Order } from '@drinks/contracts';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import { Alert, Button, IconButton, Tooltip } from '@mui/material';

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
      // A long one-word drink or name breaks inside the notice rather than running on past its edge.
      sx={{
        position: 'sticky',
        top: 8,
        zIndex: 5,
        cursor: 'pointer',
        mb: 1,
        bgcolor: '#8a3c00',
        color: '#fff',
        overflowWrap: 'anywhere',
      }}
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

/** On a phone, beside the title: a notice row there would push the third ticket off the screen. */
export function SoundBlockedButton({ blocked, onUnlock }: { blocked: boolean; onUnlock(): void }) {
  if (!blocked) return null;
  return (
    <Tooltip title="Sound is off until you tap: tap to turn it on">
      <IconButton
        aria-label="Sound is off: turn sound on"
        color="warning"
        onClick={onUnlock}
        sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
      >
        <VolumeOffIcon />
      </IconButton>
    </Tooltip>
  );
}

export function SoundBlockedNotice({ blocked, onUnlock }: { blocked: boolean; onUnlock(): void }) {
  if (!blocked) return null;
  return (
    <Alert
      severity="info"
      data-testid="sound-blocked"
      sx={{ mb: 1, display: { xs: 'none', sm: 'flex' } }}
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
