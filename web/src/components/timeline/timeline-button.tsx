import TimelineIcon from '@mui/icons-material/Timeline';
import { Button, type ButtonProps } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazy-component.js';

const TimelineDialog = lazyComponent(async () => (await import('./timeline-dialog.js')).TimelineDialog);

/** Opens an order's timeline: the dialog (and its chunk) loads when first asked for. */
export function useTimelineDialog(orderId: string, menuName: string): [open: () => void, dialog: ReactNode] {
  const [open, setOpen] = useState(false);
  const dialog = open && (
    <TimelineDialog orderId={orderId} title={menuName} open={open} onClose={() => setOpen(false)} />
  );
  return [() => setOpen(true), dialog];
}

/** The 'Timeline' control of an order card, with its dialog. */
export function TimelineButton({
  orderId,
  menuName,
  size = 'small',
  ...rest
}: { orderId: string; menuName: string } & Pick<ButtonProps, 'size' | 'sx' | 'color'>) {
  const [open, dialog] = useTimelineDialog(orderId, menuName);
  return (
    <>
      <Button
        size={size}
        variant="text"
        startIcon={<TimelineIcon />}
        onClick={(e) => {
          e.stopPropagation();
          open();
        }}
        aria-label={`Timeline of ${menuName}`}
        data-testid="timeline-button"
        {...rest}
      >
        Timeline
      </Button>
      {dialog}
    </>
  );
}
