import TimelineIcon from '@mui/icons-material/Timeline';
import { IconButton, Tooltip } from '@mui/material';
import { useTimelineDialog } from './timeline-button.js';

/** The 'Timeline' control where space is short (a ticket on the board): an icon with a tooltip. */
export function TimelineIconButton({ orderId, menuName }: { orderId: string; menuName: string }) {
  const [open, dialog] = useTimelineDialog(orderId, menuName);
  return (
    <>
      <Tooltip title="Timeline">
        <IconButton
          size="small"
          color="primary"
          onClick={(e) => {
            e.stopPropagation();
            open();
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
