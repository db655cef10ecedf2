import { DAILY_ORDER_LIMIT, type Menu } from '@drinks/contracts';
import { Alert, Box, Tab, Tabs, Typography } from '@mui/material';
import { Navigate } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { Unanswered } from '../../components/unanswered.js';
import { useConfig } from '../../lib/config.js';
import { useFridayAfternoon } from '../../lib/use-friday-afternoon.js';
import { useSession } from '../../lib/session.js';
import { useOrderCount } from '../../lib/api/get-order-count.js';
import { availableCategories, useCategories } from '../../lib/api/get-categories.js';
import { CategoryMenuList } from './components/menu-row.js';
import { useChosenCategory } from './use-chosen-category.js';
import { paths } from '../../lib/paths.js';
import { lazyComponent } from '../../lib/lazy-component.js';
import { useNavigateOnce } from '../../lib/use-navigate-once.js';

const CategorySelect = lazyComponent(async () => (await import('./components/category-select.js')).default);

export const LIMIT_MESSAGE = 'You already reached your order limit!';

export function CafeMenuPage() {
  const { user, shop, shopLoaded } = useSession();
  const { businessTimeZone } = useConfig();
  const alert = useAlert();
  const openScreen = useNavigateOnce();
  const categories = useCategories();
  const count = useOrderCount();
  const fridayClosing = useFridayAfternoon(businessTimeZone);
  const cafe = availableCategories(categories.data ?? [], 'cafe');
  const isBarista = user?.role === 'barista';
  const tabs = isBarista ? cafe : cafe.slice(0, 3);
  const [selected, setSelected] = useChosenCategory(tabs);

  if (shopLoaded && !shop.isCafeOpen) {
    return <Navigate to={shop.isBarOpen ? paths.orderBar : paths.closed(user?.role)} replace />;
  }

  const current = tabs[selected];
  // Unknown until the count answers (or when it failed): '…', not 'Ordered 0/2' to someone who has ordered 2.
  const ordered = count.data?.totalOrder;

  const choose = async (m: Menu) => {
    const fresh = (await count.fresh()) ?? ordered;
    if (fresh !== undefined && fresh >= DAILY_ORDER_LIMIT) {
      await alert(LIMIT_MESSAGE);
      return;
    }
    openScreen(paths.cafeForm(user?.role, m.name, m.id));
  };

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Menu
        </Typography>
        <Typography
          data-testid="ordered-count"
          sx={{
            fontWeight: 700,
            color: ordered !== undefined && ordered >= DAILY_ORDER_LIMIT ? 'error.main' : 'text.primary',
          }}
        >
          Ordered {ordered ?? '…'}/{DAILY_ORDER_LIMIT}
        </Typography>
      </Box>
      {fridayClosing && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="friday-notice">
          The bar is closing at 12PM on Friday.
        </Alert>
      )}
      {isBarista ? (
        <CategorySelect
          categories={tabs}
          value={selected}
          onChange={setSelected}
          fallback={<Box sx={{ height: 56, mb: 2 }} />}
        />
      ) : (
        tabs.length > 0 && (
          <Tabs
            value={selected}
            onChange={(_, v: number) => setSelected(v)}
            variant="fullWidth"
            aria-label="Categories"
            sx={{ mb: 1 }}
          >
            {tabs.map((c) => (
              // A one-word name of 25 letters breaks inside its tab rather than being cut off at both ends.
              <Tab key={c.id} label={c.name} sx={{ overflowWrap: 'anywhere' }} />
            ))}
          </Tabs>
        )
      )}
      {categories.data === undefined ? (
        <Unanswered query={categories} label="Loading menu" />
      ) : (
        <CategoryMenuList category={current} disabled={fridayClosing} onChoose={(x) => void choose(x)} />
      )}
    </Box>
  );
}
