import { Box, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Outlet } from 'react-router';
import { TAB_BAR_ROOM } from '../../components/tab-bar-room.js';
import { VerifyBanner } from '../../features/auth/components/verify-banner.js';
import { BarEventBanner } from './bar-event-banner.js';
import { BottomTabBar } from './bottom-tab-bar.js';
import { TopBar } from './top-bar.js';

/** Layout for users and admins (§2 screen 6); the tab bar only on phones. */
export function CustomerLayout({ variant, tabBar = true }: { variant: 'user' | 'admin'; tabBar?: boolean }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const showTabs = tabBar && phone;
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }} data-layout={variant}>
      <TopBar />
      <BarEventBanner />
      <VerifyBanner />
      <Box component="main" sx={{ flex: 1, pb: showTabs ? TAB_BAR_ROOM : 2 }}>
        <Outlet />
      </Box>
      {showTabs && <BottomTabBar />}
    </Box>
  );
}
