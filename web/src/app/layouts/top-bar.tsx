import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Toolbar,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Logo } from '../../components/logo.js';
import { landingPath, roleVariant } from '../../lib/access.js';
import { useSession } from '../../lib/session.js';
import { BAR_PURPLE, CAFE_DARK } from '../theme.js';
import { Greeting } from './greeting.js';

export function useNavLinks(): { label: string; to: string }[] {
  const { user, shop } = useSession();
  const role = user?.role;
  const links: { label: string; to: string }[] = [];
  if (shop.isCafeOpen) {
    links.push({ label: 'Menu', to: roleVariant('/menuCafe', role) });
    links.push({ label: 'My Order', to: roleVariant('/statusOrder', role) });
  }
  links.push({ label: 'History', to: '/history' });
  if (role === 'admin') {
    links.push({ label: 'Dashboard', to: '/dashboard-admin' });
    links.push({ label: 'Service', to: '/dashboard-service' });
    links.push({ label: 'User Management', to: '/userManagement' });
    links.push({ label: 'Audit log', to: '/audit-log' });
  }
  return links;
}

export function barColour(shop: { isCafeOpen: boolean; isBarOpen: boolean }): string {
  return shop.isBarOpen && !shop.isCafeOpen ? BAR_PURPLE : CAFE_DARK;
}

/** Top navigation for users and admins; collapses into a drawer on small screens. */
export function TopBar() {
  const { user, shop, logout } = useSession();
  const navigate = useNavigate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const links = useNavLinks();
  const barOpen = shop.isBarOpen;

  return (
    <AppBar position="sticky" sx={{ bgcolor: barColour(shop) }} component="header">
      <Toolbar sx={{ gap: 2 }}>
        <Button
          color="inherit"
          aria-label="Home"
          onClick={() => user && void navigate(landingPath(user.role, shop))}
          sx={{ px: 0.5 }}
        >
          <Logo bar={barOpen} />
        </Button>
        <Box sx={{ flex: 1 }} />
        {wide ? (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Greeting />
            {links.map((l) => (
              <Button key={l.to} color="inherit" component={RouterLink} to={l.to}>
                {l.label}
              </Button>
            ))}
            <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()}>
              Logout
            </Button>
          </Box>
        ) : (
          <IconButton color="inherit" aria-label="Open menu" edge="end" onClick={() => setOpen(true)}>
            <MenuIcon />
          </IconButton>
        )}
      </Toolbar>
      <Drawer anchor="right" open={open && !wide} onClose={() => setOpen(false)}>
        <Box
          component="nav"
          aria-label="Main"
          sx={{
            width: 260,
            height: '100%',
            display: 'flex',
            flexDirection: 'column',
            bgcolor: barColour(shop),
            color: '#fff',
          }}
        >
          <Box sx={{ p: 2 }}>
            <Greeting />
          </Box>
          <Divider sx={{ borderColor: 'rgba(255,255,255,0.3)' }} />
          <List>
            {links.map((l) => (
              <ListItemButton key={l.to} component={RouterLink} to={l.to} onClick={() => setOpen(false)}>
                <ListItemText primary={l.label} />
              </ListItemButton>
            ))}
          </List>
          <Box sx={{ flex: 1 }} />
          <Button
            color="inherit"
            startIcon={<LogoutIcon />}
            onClick={() => {
              setOpen(false);
              void logout();
            }}
            sx={{ m: 2, justifyContent: 'flex-start' }}
          >
            Logout
          </Button>
        </Box>
      </Drawer>
    </AppBar>
  );
}
