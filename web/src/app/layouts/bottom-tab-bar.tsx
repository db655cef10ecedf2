import AssignmentIcon from '@mui/icons-material/Assignment';
import HomeIcon from '@mui/icons-material/Home';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import { BottomNavigation, BottomNavigationAction, Paper, Slide, useScrollTrigger } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../../lib/session.js';
import { barColour } from './top-bar.js';
import { paths } from '../../lib/paths.js';

/** Phone tab bar: home (ordered), menu, order status; hides while scrolling down. */
export function BottomTabBar() {
  const { user, shop } = useSession();
  const location = useLocation();
  const hidden = useScrollTrigger({ threshold: 40 });
  const role = user?.role;
  const barOnly = shop.isBarOpen && !shop.isCafeOpen;
  // A tab stays lit on each screen of its kind, cafe or bar: the bar's menu is reached at /order_bar too,
  // a bar order's status at /statusOrder, and an order form belongs to the menu.
  const tabs = [
    {
      label: 'Home',
      to: barOnly ? paths.orderedBar(role) : paths.ordered(role),
      icon: <HomeIcon />,
      shows: [paths.ordered(role), paths.orderedBar(role)],
    },
    {
      label: 'Menu',
      to: barOnly ? paths.menuBar(role) : paths.menuCafe(role),
      icon: <RestaurantMenuIcon />,
      shows: [paths.menuCafe(role), paths.menuBar(role), paths.orderBar],
      within: paths.formPrefixes(role),
    },
    {
      label: 'Order status',
      to: barOnly ? paths.statusOrderBar(role) : paths.statusOrder(role),
      icon: <AssignmentIcon />,
      shows: [paths.statusOrder(role), paths.statusOrderBar(role)],
    },
  ];
  const here = location.pathname;
  const current = tabs.findIndex((t) => t.shows.includes(here) || t.within?.some((prefix) => here.startsWith(prefix)));
  const bg = barColour(shop);
  return (
    <Slide appear={false} direction="up" in={!hidden}>
      <Paper
        component="nav"
        aria-label="Tabs"
        data-testid="bottom-tab-bar"
        elevation={8}
        sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 1100, bgcolor: bg, borderRadius: 0 }}
      >
        {/* As tall as its labels: at 200 % text a fixed 56 px pushed them under the screen's edge. */}
        <BottomNavigation
          value={current === -1 ? false : current}
          showLabels
          sx={{ bgcolor: bg, height: 'auto', minHeight: 56 }}
        >
          {tabs.map((t, i) => (
            <BottomNavigationAction
              key={t.to}
              aria-current={i === current ? 'page' : undefined}
              component={RouterLink}
              to={t.to}
              label={t.label}
              icon={t.icon}
              // On a 320 px phone a tab is ~106 px wide: with MUI's 12 px sides the bold 'Order status' wrapped
              // under the screen's edge. With large text a label wraps between its words, never inside one
              // (nowrap ran 'Order status' over the next tab and off the screen).
              sx={{
                color: 'rgba(255,255,255,0.8)',
                '&.Mui-selected': { color: '#ffd54f' },
                minWidth: 0,
                px: 0.5,
                py: 0.75,
                // The icons keep their size: the labels are what must grow, and the bar stays short enough.
                '& .MuiSvgIcon-root': { fontSize: 24 },
                '& .MuiBottomNavigationAction-label': { textAlign: 'center', lineHeight: 1.2, overflowWrap: 'normal' },
              }}
            />
          ))}
        </BottomNavigation>
      </Paper>
    </Slide>
  );
}
