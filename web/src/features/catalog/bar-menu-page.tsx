import { ACTIVE_ORDER_STATUSES, DAILY_ORDER_LIMIT, type Menu, type Role } from '@drinks/contracts';
import { Box, Button, Paper, Skeleton, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { Unanswered } from '../../components/unanswered.js';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage.js';
import { useSession } from '../../lib/session.js';
import { useOrderCount } from '../../lib/api/get-order-count.js';
import { availableCategories, useCategories } from '../../lib/api/get-categories.js';
import { useMyOrdersToday } from '../../lib/api/get-my-orders.js';
import { LIMIT_MESSAGE } from './cafe-menu-page.js';
import { CategoryMenuList } from './components/menu-row.js';
import { BarNotice } from './components/bar-notice.js';
import { useChosenCategory } from './use-chosen-category.js';
import { paths } from '../../lib/paths.js';
import { ToLogin } from '../../components/to-login.js';
import { useNavigateOnce } from '../../lib/use-navigate-once.js';

const SKELETON_MS = 300;

const skeleton = (
  <Box data-testid="menu-skeleton" aria-busy="true" aria-label="Loading menu">
    {Array.from({ length: 6 }, (_, i) => (
      <Skeleton key={i} variant="rounded" height={56} sx={{ my: 1 }} />
    ))}
  </Box>
);

/**
 * A desk has no tab bar, and the top bar's My Order is the cafe's only (customer-side.md §2 screen 5): while
 * only the bar is open, a customer's waiting or finished drinks are reached from here, to cancel or pick up.
 */
function OrdersToActOn({ role }: { role: Role }) {
  const theme = useTheme();
  const desk = useMediaQuery(theme.breakpoints.up('md'));
  // A phone has its tab bar: it makes no call for this.
  return desk ? <DrinksOnOrder role={role} /> : null;
}

function DrinksOnOrder({ role }: { role: Role }) {
  const active = (useMyOrdersToday().data ?? []).filter(
    (o) => ACTIVE_ORDER_STATUSES.includes(o.status) || o.status === 'done',
  );
  if (active.length === 0) return null;
  // A note, not an alert: nothing has happened that a screen reader should break in with.
  return (
    <Paper
      variant="outlined"
      sx={{ mb: 1, px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
    >
      <Typography variant="body2">
        {active.length === 1 ? 'You have a drink on order.' : `You have ${active.length} drinks on order.`}
      </Typography>
      <Button component={RouterLink} to={paths.statusOrderBar(role)} size="small" color="secondary">
        Order status
      </Button>
    </Paper>
  );
}

/** /order_bar is open to anyone, its menu to the signed-in: nobody else's calls are made (each a 401). */
export function BarMenuPage() {
  const { user } = useSession();
  return user ? <BarMenu role={user.role} /> : <ToLogin />;
}

function BarMenu({ role }: { role: Role }) {
  const { shop, shopLoaded } = useSession();
  const openScreen = useNavigateOnce();
  const alert = useAlert();
  const categories = useCategories();
  const count = useOrderCount();
  const [switching, setSwitching] = useState(false);
  const [noticeOpen, setNoticeOpen] = useState(() => readStorage(STORAGE_KEYS.bannerShown) !== 'true');
  const bar = availableCategories(categories.data ?? [], 'bar');
  const [tab, setTab] = useChosenCategory(bar);
  // The button that closes the notice or opens it again goes with it: focus moves to its counterpart.
  const [toggled, setToggled] = useState(false);
  const readAgain = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (toggled && !noticeOpen) readAgain.current?.focus();
  }, [toggled, noticeOpen]);

  useEffect(() => {
    if (!switching) return;
    const t = setTimeout(() => setSwitching(false), SKELETON_MS);
    return () => clearTimeout(t);
  }, [switching]);

  // As the cafe's menu does when the cafe closes: the screen follows the shop, live.
  if (shopLoaded && !shop.isBarOpen) {
    return <Navigate to={shop.isCafeOpen ? paths.menuCafe(role) : paths.closed(role)} replace />;
  }

  const current = bar[tab];

  const dismiss = () => {
    writeStorage(STORAGE_KEYS.bannerShown, 'true');
    setToggled(true);
    setNoticeOpen(false);
  };
  const reopen = () => {
    writeStorage(STORAGE_KEYS.bannerShown, 'false');
    setToggled(true);
    setNoticeOpen(true);
  };

  const choose = async (m: Menu) => {
    if (((await count.fresh()) ?? 0) >= DAILY_ORDER_LIMIT) {
      await alert(LIMIT_MESSAGE);
      return;
    }
    openScreen(paths.barForm(role, m.name, m.id, m.description));
  };

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Bar Menu
        </Typography>
        {!noticeOpen && (
          <Button ref={readAgain} variant="outlined" color="secondary" size="small" onClick={reopen}>
            Please read
          </Button>
        )}
      </Box>
      {role !== 'barista' && <OrdersToActOn role={role} />}
      {noticeOpen && <BarNotice onDismiss={dismiss} focusDismiss={toggled} />}
      {bar.length > 0 && (
        <Tabs
          value={tab}
          onChange={(_, v: number) => {
            setTab(v);
            setSwitching(true);
          }}
          variant="scrollable"
          textColor="secondary"
          indicatorColor="secondary"
          aria-label="Bar categories"
        >
          {bar.map((c) => (
            // A one-word name of 25 letters breaks inside its tab rather than being cut off at both ends.
            <Tab key={c.id} label={c.name} sx={{ overflowWrap: 'anywhere' }} />
          ))}
        </Tabs>
      )}
      {categories.data === undefined ? (
        <Unanswered query={categories} label="Loading menu" pending={skeleton} />
      ) : switching ? (
        skeleton
      ) : (
        <CategoryMenuList category={current} onChoose={(x) => void choose(x)} />
      )}
    </Box>
  );
}
