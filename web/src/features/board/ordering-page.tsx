import { shopStatusParam, type Order } from '@drinks/contracts';
import {
  Box,
  Button,
  CircularProgress,
  Container,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Snackbar,
  Stack,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useBusinessClock } from '../../components/staff-business-time.js';
import { todayRange } from '../../components/staff-date-ranges.js';
import { useSession } from '../../lib/session.js';
import { SetInactiveOffer, type OutOfStockMenu } from '../insights/components/set-inactive-offer.js';
import { INGREDIENT_UNAVAILABLE } from '../insights/insights-text.js';
import { WaitingPickupSection } from '../reminders/components/waiting-pickup-section.js';
import { useOrders } from './api/get-orders.js';
import { useUpdateBaristaOrder } from './api/update-barista-order.js';
import {
  CATEGORY_FILTERS,
  byPlacement,
  canChangeShopStatus,
  filterByCategory,
  type CategoryFilter,
} from './board-logic.js';
import { OrderCard } from './components/order-card.js';
import { OrderSection } from './components/order-section.js';
import { RejectDialog } from './components/reject-dialog.js';
import { ShopStatusControl } from './components/shop-status-control.js';
import { useNewOrderAlert } from './use-new-order-alert.js';
import { LastKnown } from '../../components/last-known.js';
import { useOnline } from '../../lib/online.js';

export function OrderingPage() {
  const { shop, shopLoaded } = useSession();
  const { timeZone, now } = useBusinessClock();
  const range = todayRange(now(), timeZone);
  const waiting = useOrders('ordered', range);
  const inProgress = useOrders('in-progress', range);
  const update = useUpdateBaristaOrder();
  const online = useOnline();
  const { fresh, acknowledge } = useNewOrderAlert();
  const [filter, setFilter] = useState<CategoryFilter>('All');
  const [selectMode, setSelectMode] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const [outOfStock, setOutOfStock] = useState<OutOfStockMenu[]>([]);

  const status = shopStatusParam(shop);
  const activeCount = (waiting.data?.length ?? 0) + (inProgress.data?.length ?? 0);
  const loading = waiting.isPending || inProgress.isPending;
  const lists = useMemo(
    () => ({
      waiting: filterByCategory(waiting.data ?? [], filter).sort(byPlacement),
      inProgress: filterByCategory(inProgress.data ?? [], filter).sort(byPlacement),
    }),
    [waiting.data, inProgress.data, filter],
  );

  const advance = (o: Order) =>
    update.mutate({ id: o.id, patch: { status: o.status === 'ordered' ? 'in-progress' : 'done', reject_note: '' } });
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const reject = async (note: string) => {
    const ids = rejecting ?? [];
    setRejecting(null);
    const results = await Promise.allSettled(
      ids.map((id) => update.mutateAsync({ id, patch: { status: 'rejected', reject_note: note } })),
    );
    setSelected(new Set());
    setSelectMode(false);
    if (note === INGREDIENT_UNAVAILABLE) {
      const menus = new Map<string, string>();
      for (const r of results) if (r.status === 'fulfilled') menus.set(r.value.menu.id, r.value.menu.name);
      setOutOfStock([...menus].map(([id, name]) => ({ id, name })));
    }
  };
  const card = (o: Order) => (
    <OrderCard
      key={o.id}
      order={o}
      busy={!online || (update.isPending && update.variables?.id === o.id)}
      selectMode={selectMode}
      selected={selected.has(o.id)}
      onToggleSelect={() => toggle(o.id)}
      onAdvance={() => advance(o)}
      onCancel={() => setRejecting([o.id])}
    />
  );

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 700 }}>
        Orders
      </Typography>
      <LastKnown updatedAt={Math.min(waiting.dataUpdatedAt, inProgress.dataUpdatedAt)} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        {shopLoaded && (
          <ShopStatusControl shop={shop} canChange={online && !loading && canChangeShopStatus(shop, activeCount)} />
        )}
        {status === 'cafe-open' && (
          <>
            <FormControl size="small" sx={{ minWidth: 140 }}>
              <InputLabel id="board-filter-label">Filter</InputLabel>
              <Select
                labelId="board-filter-label"
                label="Filter"
                value={filter}
                onChange={(e) => setFilter(e.target.value as CategoryFilter)}
              >
                {CATEGORY_FILTERS.map((f) => (
                  <MenuItem key={f} value={f}>
                    {f}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <Box sx={{ flex: 1 }} />
            {selectMode ? (
              <Stack direction="row" spacing={1}>
                <Button
                  variant="contained"
                  color="error"
                  disabled={!online || selected.size === 0}
                  onClick={() => setRejecting([...selected])}
                >
                  Cancel Selected ({selected.size})
                </Button>
                <Button
                  onClick={() => {
                    setSelectMode(false);
                    setSelected(new Set());
                  }}
                >
                  Exit Select
                </Button>
              </Stack>
            ) : (
              <Button variant="outlined" onClick={() => setSelectMode(true)} disabled={!online || activeCount === 0}>
                Select
              </Button>
            )}
          </>
        )}
      </Stack>

      {!shopLoaded ? (
        <CircularProgress aria-label="Loading shop status" />
      ) : status === 'bar-open' ? (
        <Typography variant="h6" component="p" sx={{ py: 4, textAlign: 'center' }}>
          Take order at the bar only
        </Typography>
      ) : status === 'all-close' ? (
        <Typography variant="h6" component="p" sx={{ py: 4, textAlign: 'center' }}>
          Cafe and Bar are close
        </Typography>
      ) : loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading orders" />
        </Box>
      ) : (
        <Stack spacing={3}>
          <OrderSection title="In Progress Order" orders={lists.inProgress} render={card} />
          <OrderSection title="Waiting Order" orders={lists.waiting} badge={fresh.length} render={card} />
          <WaitingPickupSection range={range} filter={(orders) => filterByCategory(orders, filter)} />
        </Stack>
      )}

      <RejectDialog
        open={rejecting !== null}
        count={rejecting?.length ?? 0}
        busy={update.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(note) => void reject(note)}
      />
      <SetInactiveOffer menus={outOfStock} onDone={() => setOutOfStock((l) => l.slice(1))} />
      <Snackbar
        open={fresh.length > 0}
        autoHideDuration={5000}
        onClose={(_e, reason) => reason !== 'clickaway' && acknowledge()}
        message={
          fresh.length === 1
            ? `New order: ${fresh[0]?.menu.name} for ${fresh[0]?.user.name}`
            : `${fresh.length} new orders`
        }
        action={
          <Button color="inherit" size="small" onClick={acknowledge}>
            OK
          </Button>
        }
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      />
    </Container>
  );
}
