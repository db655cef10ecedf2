import type { Area } from '@drinks/contracts';
import { Container, Paper, Stack, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths.js';
import { useSession } from '../../lib/session.js';
import { useBusinessClock } from '../../components/staff-business-time.js';
import { dashboardRange, todayRange, type DashboardPeriod } from '../../components/staff-date-ranges.js';
import { usePopularMenu } from './api/get-popular-menu.js';
import { Unanswered } from '../../components/unanswered.js';
import { useRangeOrders } from './api/get-range-orders.js';
import { useTotal } from './api/get-total.js';
import { DailySummary } from './components/daily-summary.js';
import { HourChart, MenuChart } from './components/dashboard-charts.js';
import { PopularList } from './components/popular-list.js';
import { PERIODS, ordersPerHour, pageCount } from './dashboard-logic.js';

export function DashboardPage({ area }: { area: Area }) {
  const admin = useSession().user?.role === 'admin';
  const { timeZone, now } = useBusinessClock();
  const [period, setPeriod] = useState<DashboardPeriod>('today');
  // A page of one list (area and period): the other area's or period's ranking opens on its first page.
  const list = `${area}:${period}`;
  const [paging, setPaging] = useState({ list, page: 1 });
  if (paging.list !== list) setPaging({ list, page: 1 });
  const setPage = (p: number) => setPaging({ list, page: p });
  const range = dashboardRange(period, now(), timeZone);
  const popular = usePopularMenu(area, range);
  const total = useTotal(area, range);
  const orders = useRangeOrders(range);
  const hours = ordersPerHour(orders.data ?? [], area, timeZone);
  const rows = popular.data ?? [];
  // The last page while the ranking shrinks under it (an order cancelled): the list went blank.
  const page = Math.min(paging.list === list ? paging.page : 1, pageCount(rows.length));

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1, fontWeight: 700 }}>
        {area === 'cafe' ? 'Dashboard for Cafe' : 'Dashboard for Bar'}
      </Typography>
      {/* The two dashboards, each its own route (the admin's or the barista's): one tap from the other. */}
      <Tabs value={area} aria-label="Dashboards" sx={{ mb: 2 }}>
        <Tab value="cafe" label="Cafe" component={RouterLink} to={admin ? paths.dashboardAdmin : paths.dashboardCafe} />
        <Tab value="bar" label="Bar" component={RouterLink} to={admin ? paths.dashboardAdminBar : paths.dashboardBar} />
      </Tabs>
      <DailySummary date={todayRange(now(), timeZone).startDate} />
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={period}
        aria-label="Period"
        sx={{ mb: 2 }}
        onChange={(_e, v: DashboardPeriod | null) => {
          if (v) setPeriod(v);
        }}
      >
        {PERIODS.map((p) => (
          <ToggleButton key={p.value} value={p.value} sx={{ textTransform: 'none' }}>
            {p.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography component="h2" variant="h6" data-testid="total-orders">
          {/* Not a 0 while the count is on its way. */}
          {total.data ? `Total orders ${total.data.totalOrder} orders` : 'Total orders …'}
        </Typography>
        {/* Says what it counts, so it agrees with Today's Dashboard above (every order of both areas). */}
        <Typography variant="body2" color="text.secondary" data-testid="total-orders-scope">
          {area === 'cafe' ? 'Cafe' : 'Bar'}, {PERIODS.find((p) => p.value === period)?.label.toLowerCase()}: orders not
          cancelled or rejected
        </Typography>
        {popular.data !== undefined ? (
          <PopularList rows={rows} page={page} onPage={setPage} />
        ) : (
          // Not 'No orders in this period': the ranking is unknown.
          <Unanswered query={popular} label="Loading ranking" failed="The ranking could not be loaded." />
        )}
      </Paper>
      {rows.length > 0 && (
        <Stack spacing={2}>
          <MenuChart rows={rows} />
          {hours.length > 0 && <HourChart data={hours} />}
        </Stack>
      )}
    </Container>
  );
}
