import {
  Box,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { businessDay } from '@drinks/contracts';
import { useState } from 'react';
import { Unanswered } from '../../components/unanswered.js';
import { serverNow, useConfig } from '../../lib/config.js';
import { useServiceStats } from './api/get-service-stats.js';
import {
  BusiestHoursChart,
  Empty,
  SweetnessMixChart,
  TypeMixChart,
  WaitByDayChart,
  WaitByHourChart,
} from './components/service-charts.js';
import { formatWait } from './insights-text.js';
import { hourLabel, PERIODS, periodRange, serviceSummary, type Period } from './service-logic.js';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 140px' }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
    </Paper>
  );
}

/** Admin: how fast drinks are made, what goes wrong and what people order (dashboard-service). */
export function ServiceDashboardPage() {
  const { businessTimeZone } = useConfig();
  const [period, setPeriod] = useState<Period>('month');
  const range = periodRange(period, businessDay(serverNow(), businessTimeZone));
  const stats = useServiceStats(range);
  const s = stats.data;
  const stale = stats.isPlaceholderData;
  const sum = s ? serviceSummary(s) : null;

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Service dashboard
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <ToggleButtonGroup
          exclusive
          value={period}
          onChange={(_, v: Period | null) => v && setPeriod(v)}
          aria-label="Period"
          size="small"
          sx={{ flexWrap: 'wrap' }}
        >
          {PERIODS.map((p) => (
            <ToggleButton key={p.value} value={p.value}>
              {p.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {/* The previous period's figures stay in place, greyed and busy, until the chosen one answers. */}
        {stale && <CircularProgress size={24} aria-label="Loading service statistics" />}
      </Box>
      {s === undefined && (
        <Unanswered query={stats} label="Loading service statistics" failed="Could not load the service statistics." />
      )}
      {s && sum && (
        <Box
          data-testid="service-figures"
          aria-busy={stale}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, opacity: stale ? 0.45 : 1 }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <Stat label="Completed orders" value={String(sum.completed)} testId="stat-completed" />
            <Stat
              label="Typical wait"
              value={sum.typicalWait === null ? '–' : formatWait(sum.typicalWait)}
              testId="stat-wait"
            />
            <Stat label="Rejected" value={String(sum.rejected)} testId="stat-rejected" />
            <Stat label="Cancellations" value={String(sum.cancellations)} testId="stat-cancellations" />
            <Stat label="Busiest hour" value={sum.busiestHour ?? '–'} testId="stat-busiest" />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {s.waitByDay.length > 0 ? (
              <WaitByDayChart rows={s.waitByDay} />
            ) : (
              <Empty>No completed orders in this period.</Empty>
            )}
            {s.waitByHour.length > 0 && <WaitByHourChart rows={s.waitByHour} />}
            {s.busiestHours.length > 0 && <BusiestHoursChart rows={s.busiestHours} />}
            <Paper
              variant="outlined"
              sx={{ p: 2 }}
              component="section"
              aria-labelledby="reasons-title"
              data-testid="rejection-reasons"
            >
              <Typography id="reasons-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                Rejection reasons
              </Typography>
              {s.rejectionReasons.length === 0 ? (
                <Empty>No rejected orders.</Empty>
              ) : (
                <List dense>
                  {s.rejectionReasons.map((r) => (
                    <ListItem
                      key={r.reason}
                      divider
                      secondaryAction={<Typography sx={{ fontWeight: 700 }}>{r.count}</Typography>}
                    >
                      <ListItemText primary={r.reason} />
                    </ListItem>
                  ))}
                </List>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Busiest:{' '}
                {s.busiestHours
                  .slice(0, 3)
                  .map((h) => `${hourLabel(h.hour)} (${h.orders})`)
                  .join(', ') || '–'}
              </Typography>
            </Paper>
            {s.typeMix.length > 0 && <TypeMixChart rows={s.typeMix} />}
            {s.sweetnessMix.length > 0 && <SweetnessMixChart rows={s.sweetnessMix} />}
          </Box>
        </Box>
      )}
    </Box>
  );
}
