import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar, Box, Button, Toolbar } from '@mui/material';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router';
import { Logo } from '../../components/logo.js';
import { useSession } from '../../lib/session.js';
import { CAFE_DARK } from '../theme.js';
import { Greeting } from './greeting.js';
import { paths } from '../../lib/paths.js';

const LINKS = [
  { label: 'Order', to: paths.ordering },
  { label: 'History', to: paths.history },
  { label: 'Menu Management', to: paths.menuManagement },
];

const NAV_BUTTON = { px: { xs: 0.75, sm: 1 }, minWidth: 0, fontSize: { xs: 14, sm: 15 } } as const;

/** Baristas: a sticky dark bar, no banner, no tab bar. */
export function BaristaLayout() {
  const { logout } = useSession();
  const navigate = useNavigate();
  return (
    <Box sx={{ minHeight: '100dvh' }} data-layout="barista">
      <AppBar
        position="sticky"
        component="header"
        // On a phone the wrapped bar would keep two rows over the queue: it scrolls away there.
        sx={{ bgcolor: CAFE_DARK, position: { xs: 'static', md: 'sticky' } }}
      >
        <Toolbar variant="dense" sx={{ gap: { xs: 0, sm: 1 }, flexWrap: 'wrap', py: 0.25, px: { xs: 1, sm: 2 } }}>
          <Button color="inherit" aria-label="Home" onClick={() => void navigate(paths.ordering)} sx={{ px: 0.5 }}>
            <Logo />
          </Button>
          <Greeting />
          <Box sx={{ flex: 1 }} />
          {/* One row of links on a phone too: every row above the queue hides a ticket. */}
          <Box component="nav" aria-label="Barista" sx={{ display: 'flex', flexWrap: 'wrap' }}>
            {LINKS.map((l) => (
              <Button key={l.to} color="inherit" component={RouterLink} to={l.to} sx={NAV_BUTTON}>
                {l.label}
              </Button>
            ))}
            <Button
              color="inherit"
              startIcon={<LogoutIcon />}
              onClick={() => void logout()}
              sx={{ ...NAV_BUTTON, '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } }}
            >
              Logout
            </Button>
          </Box>
        </Toolbar>
      </AppBar>
      <Box component="main">
        <Outlet />
      </Box>
    </Box>
  );
}
