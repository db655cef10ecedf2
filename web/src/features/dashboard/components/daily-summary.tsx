import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Drawer,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import InsightsIcon from '@mui/icons-material/Insights';
import { useState } from 'react';
import { useSummary } from '../api/get-summary.js';
import { summaryView } from '../dashboard-logic.js';

function Stat({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Box sx={{ flex: 1, textAlign: 'center', p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`summary-${label.toLowerCase()}`}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="p">
          {hint}
        </Typography>
      )}
    </Box>
  );
}

/** The "Today's Dashboard" card and its bottom sheet. */
export function DailySummary({ date }: { date: string }) {
  const [open, setOpen] = useState(false);
  const summary = useSummary(date);
  const view = summary.data ? summaryView(summary.data) : null;
  return (
    <>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardActionArea onClick={() => setOpen(true)} aria-haspopup="dialog">
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <InsightsIcon color="primary" aria-hidden />
            <Box sx={{ flex: 1 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                Today's Dashboard
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {view
                  ? `${view.total} placed today in cafe and bar, any status · ${view.active} active`
                  : 'Tap to see today’s orders'}
              </Typography>
            </Box>
          </CardContent>
        </CardActionArea>
      </Card>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{
          paper: {
            sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '85vh' },
            'aria-labelledby': 'daily-title',
            role: 'dialog',
          },
        }}
      >
        <Box sx={{ p: 3, maxWidth: 640, mx: 'auto', width: '100%' }}>
          <Typography id="daily-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            Today's Dashboard
          </Typography>
          {!view || view.total === 0 ? (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              No data available
            </Typography>
          ) : (
            <>
              {/* Three six-digit figures are wider than a phone: the last one wraps to a row of its own. */}
              <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 3, flexWrap: 'wrap' }}>
                <Stat label="Total" value={view.total} />
                {/* The breakdown's Done and Picked Up together: said, so the two Done figures do not seem to disagree. */}
                <Stat label="Done" value={view.done} hint="+ picked up" />
                <Stat label="Active" value={view.active} />
              </Stack>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                Status breakdown
              </Typography>
              <Stack spacing={1.25}>
                {view.breakdown.map((b) => (
                  <Box key={b.status} data-testid={`breakdown-${b.status}`}>
                    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                      <Typography variant="body2">{b.label}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {b.count} ({b.percent}%)
                      </Typography>
                    </Stack>
                    <LinearProgress
                      variant="determinate"
                      value={b.percent}
                      aria-label={`${b.label} ${b.percent}%`}
                      sx={{ height: 8, borderRadius: 4 }}
                    />
                  </Box>
                ))}
              </Stack>
            </>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
            <Button onClick={() => void summary.refetch()} disabled={summary.isFetching} variant="outlined">
              Refresh Data
            </Button>
            <Button onClick={() => setOpen(false)} variant="contained">
              Close
            </Button>
          </Stack>
        </Box>
      </Drawer>
    </>
  );
}
