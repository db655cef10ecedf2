import TimelineIcon from '@mui/icons-material/Timeline';
import { Button, IconButton, Tooltip, type ButtonProps } from '@mui/material';
import { useState } from 'react';
import { TimelineDialog } from './timeline-dialog.js';

/** The 'Timeline' control of an order card, with its dialog. */
export function TimelineButton({
  orderId,
  menuName,
  size = 'small',
  iconOnly = false,
  ...rest
}: { orderId: string; menuName: string; iconOnly?: boolean } & Pick<ButtonProps, 'size' | 'sx' | 'color'>) {
  const [open, setOpen] = useState(false);
  const dialog = open && (
    <TimelineDialog orderId={orderId} title={menuName} open={open} onClose={() => setOpen(false)} />
  );
  if (iconOnly) {
    // Where space is short (a ticket on the board): the same control, as an icon with a tooltip.
    return (
      <>
        <Tooltip title="Timeline">
          <IconButton
            size={size}
            color="primary"
            onClick={(e) => {
              e.stopPropagation();
              setOpen(true);
            }}
            aria-label={`Timeline of ${menuName}`}
            data-testid="timeline-button"
          >
            <TimelineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {dialog}
      </>
    );
  }
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
      {dialog}
    </>
  );
}
