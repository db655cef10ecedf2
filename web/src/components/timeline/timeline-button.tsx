import TimelineIcon from '@mui/icons-material/Timeline';
import { Button, type ButtonProps } from '@mui/material';
import { useState } from 'react';
import { TimelineDialog } from './timeline-dialog.js';

/** The 'Timeline' control of an order card, with its dialog. */
export function TimelineButton({
  orderId,
  menuName,
  size = 'small',
  ...rest
}: { orderId: string; menuName: string } & Pick<ButtonProps, 'size' | 'sx' | 'color'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant="text"
        startIcon={<TimelineIcon />}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        aria-label={`Timeline of ${menuName}`}
        data-testid="timeline-button"
        {...rest}
      >
        Timeline
      </Button>
      {open && <TimelineDialog orderId={orderId} title={menuName} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
