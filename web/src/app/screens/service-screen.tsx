import { Box } from '@mui/material';
import { ServiceDashboardPage } from '../../features/insights/service-dashboard-page.js';
import { ViewKeys } from '../../features/pickup-screen/components/view-keys.js';

/** The admin's service page: how the cafe is serving, and the keys of the pick-up screen by the counter. */
export function ServiceScreen() {
  return (
    <>
      <ServiceDashboardPage />
      <Box sx={{ maxWidth: 1100, mx: 'auto', px: 2, pb: 3 }}>
        <ViewKeys />
      </Box>
    </>
  );
}
