import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Slide, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useConfig } from '../../lib/config.js';
import { Unanswered } from '../unanswered.js';
import { wrapAnywhere } from '../wrap-anywhere.js';
import { useTimeline } from '../../lib/api/get-timeline.js';
import { formatMinutes, timelineRows, totalMinutes, type TimelineRow } from './timeline-format.js';

const DOT_COLOUR: Record<TimelineRow['kind'], string> = {
  placed: '#546e7a',
  started: '#1565c0',
  completed: '#2e7d32',
  picked: '#1b5e20',
  rejected: '#c62828',
  cancelled: '#6d4c41',
  recalled: '#ef6c00',
};

function Step({ row, last }: { row: TimelineRow; last: boolean }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', gap: 1.5, listStyle: 'none' }}
      data-testid="timeline-step"
      data-kind={row.kind}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.5 }} aria-hidden>
        <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: DOT_COLOUR[row.kind] }} />
        {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
      </Box>
      <Box sx={{ pb: last ? 0 : 2, flex: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{row.label}</Typography>
          <Typography component="time" dateTime={row.at} color="text.secondary">
            {row.time}
          </Typography>
        </Box>
        {row.gap && (
          <Typography variant="body2" color="text.secondary">
            {row.gap}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The order's steps with their times; a bottom sheet on phones, a dialog on wider screens. */
export function TimelineDialog({
  orderId,
  title,
  open,
  onClose,
}: {
  orderId: string;
  title: string;
  open: boolean;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { businessTimeZone } = useConfig();
  const timeline = useTimeline(orderId, open);
  const titleId = useId();
  const rows = timelineRows(timeline.data ?? [], businessTimeZone);
  const total = totalMinutes(timeline.data ?? []);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slots={phone ? { transition: Slide } : {}}
      slotProps={{
        transition: phone ? ({ direction: 'up' } as object) : {},
        paper: {
          sx: phone
            ? { position: 'fixed', bottom: 0, m: 0, width: '100%', maxWidth: '100%', borderRadius: '16px 16px 0 0' }
            : {},
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 6, ...wrapAnywhere }}>
        Timeline · {title}
        <IconButton aria-label="Close timeline" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {timeline.data === undefined && (
          <Unanswered query={timeline} label="Loading timeline" failed="Could not load the timeline." />
        )}
        {timeline.data !== undefined && (
          <>
            <Box component="ol" sx={{ m: 0, p: 0 }} aria-label="Order steps">
              {rows.map((r, i) => (
                <Step key={`${r.kind}-${r.at}`} row={r} last={i === rows.length - 1} />
              ))}
            </Box>
            {total !== null && (
              <Typography sx={{ mt: 2, fontWeight: 600 }} data-testid="timeline-total">
                Total: {formatMinutes(total)}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
