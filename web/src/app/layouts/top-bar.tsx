import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, IconButton, Toolbar, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Logo } from '../../components/logo.js';
import { landingPath } from '../../lib/access.js';
import { useSession } from '../../lib/session.js';
import { lazyComponent } from '../../lib/lazy-component.js';
import { useHistoryStep } from '../../lib/use-history-step.js';
import { BAR_PURPLE, CAFE_DARK } from '../theme.js';
import { paths } from '../../lib/paths.js';

// The drawer and the greeting (with its rename form) load when first shown, not with the first screen.
const NavDrawer = lazyComponent(async () => (await import('./nav-drawer.js')).default);
const Greeting = lazyComponent(async () => (await import('./greeting.js')).Greeting);

export function useNavLinks(): { label: string; to: string }[] {
  const { user, shop } = useSession();
  const role = user?.role;
  const links: { label: string; to: string }[] = [];
  if (shop.isCafeOpen) {
    links.push({ label: 'Menu', to: paths.menuCafe(role) });
    links.push({ label: 'My Order', to: paths.statusOrder(role) });
  }
  links.push({ label: 'History', to: paths.history });
  if (role === 'admin') {
    links.push({ label: 'Dashboard', to: paths.dashboardAdmin });
    links.push({ label: 'Service', to: paths.dashboardService });
    links.push({ label: 'User Management', to: paths.userManagement });
    links.push({ label: 'Menu Management', to: paths.menuManagement });
    links.push({ label: 'Audit log', to: paths.auditLog });
  }
  return links;
}

export function barColour(shop: { isCafeOpen: boolean; isBarOpen: boolean }): string {
  return shop.isBarOpen && !shop.isCafeOpen ? BAR_PURPLE : CAFE_DARK;
}

const WIDE_LINK = {
  px: 0.5,
  minWidth: 0,
  flexShrink: 0,
  whiteSpace: 'nowrap',
  fontSize: { md: '0.8125rem', xl: '0.875rem' },
} as const;

/** Top navigation for users and admins; collapses into a drawer on small screens. */
export function TopBar() {
  const { user, shop, logout } = useSession();
  const navigate = useNavigate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  // A step in the browser's history, like the dialogs: a phone's Back closes the drawer, not the page.
  const drawer = useHistoryStep('navDrawer', !wide);
  const links = useNavLinks();
  const barOpen = shop.isBarOpen;

  return (
    <AppBar position="sticky" sx={{ bgcolor: barColour(shop) }} component="header">
      <Toolbar sx={{ gap: 0.5, px: { md: 2 } }}>
        <Button
          color="inherit"
          aria-label={`${barOpen ? 'Woxa Bar' : 'Woxa Cafe'} home`}
          onClick={() => user && void navigate(landingPath(user.role, shop))}
          sx={{ px: 0.5, flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          <Logo bar={barOpen} />
        </Button>
        <Box sx={{ flex: 1 }} />
        {wide ? (
          // An admin has nine entries: one line each, so the bar stays one row at 1280 px. Where they and a long
          // name do not fit, the name gives way (an ellipsis), never the links or Logout.
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: 0.25, minWidth: 0 }}>
            <Greeting />
            {links.map((l) => (
              <Button key={l.to} color="inherit" component={RouterLink} to={l.to} sx={WIDE_LINK}>
                {l.label}
              </Button>
            ))}
            <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()} sx={WIDE_LINK}>
              Logout
            </Button>
          </Box>
        ) : (
          <IconButton
            color="inherit"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawer.open}
            edge="end"
            onClick={drawer.show}
          >
            <MenuIcon />
          </IconButton>
        )}
      </Toolbar>
      {drawer.open && <NavDrawer links={links} onClose={drawer.close} />}
    </AppBar>
  );
}
