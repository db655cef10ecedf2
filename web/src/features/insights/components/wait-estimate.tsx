import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Typography } from '@mui/material';
import type { Order } from '@drinks/contracts';
import { useEstimate } from '../api/get-estimate.js';
import { estimateText } from '../insights-text.js';

/** The waiting estimate of an active order; nothing while the estimate is unknown. */
export function WaitEstimateLine({ order }: { order: Order }) {
  const active = order.status === 'ordered' || order.status === 'in-progress';
  const q = useEstimate(order, active);
  const estimate = active ? q.data?.estimate : null;
  if (!estimate) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'primary.dark' }} data-testid="wait-estimate">
      <ScheduleIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {estimateText(estimate)}
        {q.data?.basis.scope === 'prior' ? ' (rough guess: few orders served yet)' : ''}
      </Typography>
    </Box>
  );
}
