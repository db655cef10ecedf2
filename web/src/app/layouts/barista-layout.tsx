import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar, Box, Button, GlobalStyles, Toolbar } from '@mui/material';
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

/** One line each (a wrapped label made the stuck row taller than the page leaves it); tighter on a 360 px phone. */
const NAV_BUTTON = {
  px: { xs: 0.75, sm: 1 },
  minWidth: 0,
  fontSize: { xs: '0.875rem', sm: '0.9375rem' },
  whiteSpace: 'nowrap',
  '@media (max-width: 379.95px)': { px: 0.5, fontSize: '0.8125rem' },
} as const;

/** Below md the bar has two rows (px): the logo and greeting (taller only while the name is edited), then the links. */
const TOP_ROW = 44;
const LINK_ROW = 40;
/** How much of the page the stuck bar covers: a ticket focused or scrolled to is kept clear of it. */
const COVERED = { xs: LINK_ROW + 8, md: 60 } as const;

/**
 * Baristas: a sticky dark bar, no banner, no tab bar. On a phone the logo and greeting scroll away
 * (the bar sticks at minus their height) and only the row of links stays over the queue.
 */
export function BaristaLayout() {
  const { logout, shop } = useSession();
  const barOpen = shop.isBarOpen;
  const navigate = useNavigate();
  return (
    <Box sx={{ minHeight: '100dvh' }} data-layout="barista">
      <GlobalStyles
        styles={(theme) => ({
          html: {
            scrollPaddingTop: COVERED.xs,
            [theme.breakpoints.up('md')]: { scrollPaddingTop: COVERED.md },
          },
        })}
      />
      <AppBar position="sticky" component="header" sx={{ bgcolor: CAFE_DARK, top: { xs: -TOP_ROW, md: 0 } }}>
        <Toolbar
          variant="dense"
          sx={{ gap: { xs: 0, sm: 1 }, flexWrap: 'wrap', py: { xs: 0, md: 0.25 }, px: { xs: 1, sm: 2 } }}
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: { xs: 0.5, sm: 1 },
              minWidth: 0,
              minHeight: { xs: TOP_ROW, md: 0 },
              flex: { xs: '1 1 100%', md: '0 1 auto' },
            }}
          >
            <Button
              color="inherit"
              // The name starts with what it shows (WCAG 2.5.3), as the customers' top bar's does.
              aria-label={`${barOpen ? 'Woxa Bar' : 'Woxa Cafe'} home`}
              onClick={() => void navigate(paths.ordering)}
              // On a phone the cup alone: the row's width goes to the barista's name.
              sx={{
                px: 0.5,
                minWidth: 0,
                flexShrink: 0,
                '& .MuiTypography-root': { display: { xs: 'none', sm: 'inline' } },
              }}
            >
              <Logo bar={barOpen} />
            </Button>
            <Greeting />
          </Box>
          <Box sx={{ flex: 1, display: { xs: 'none', md: 'block' } }} />
          <Box
            component="nav"
            aria-label="Barista"
            sx={{
              display: 'flex',
              alignItems: 'center',
              height: { xs: LINK_ROW, md: 'auto' },
              flexWrap: 'nowrap',
              maxWidth: '100%',
              overflowX: { xs: 'auto', md: 'visible' },
            }}
          >
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
