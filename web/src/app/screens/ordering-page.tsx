import { shopStatusParam, type Order } from '@drinks/contracts';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import SettingsIcon from '@mui/icons-material/Settings';
import { Alert, Box, Button, CircularProgress, Container, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { LastKnown } from '../../components/last-known.js';
import { useConfig } from '../../lib/config.js';
import { useOnline } from '../../lib/online.js';
import { useSession } from '../../lib/session.js';
import { useOpenedOnce } from '../../lib/use-opened-once.js';
import { SetInactiveOffer, type OutOfStockMenu } from '../../features/insights/components/set-inactive-offer.js';
import { INGREDIENT_UNAVAILABLE } from '../../features/insights/insights-text.js';
import { canChangeShopStatus } from '../../features/board/board-logic.js';
import { useBoardSettings } from '../../features/board/board-settings.js';
import { AllDayStrip } from '../../features/board/components/all-day-strip.js';
import { BoardToolbar } from '../../features/board/components/board-toolbar.js';
import { CounterSection } from '../../features/board/components/counter-section.js';
import {
  NewOrderBanner,
  SoundBlockedButton,
  SoundBlockedNotice,
} from '../../features/board/components/new-order-banner.js';
import { OrderCard } from '../../features/board/components/order-card.js';
import { OrderSection } from '../../features/board/components/order-section.js';
import { PrintLabel } from '../../features/board/components/print-label.js';
import { ShopStatusControl } from '../../features/board/components/shop-status-control.js';
import { ageLevel, DEFAULT_RECALL_WINDOW_SECONDS, recallable } from '../../features/board/station-logic.js';
import { useBoard, useBoardQueries, type BoardQueries } from '../../features/board/use-board.js';
import { useBoardActions } from '../../features/board/use-board-actions.js';
import { useRejecting } from '../../features/board/use-rejecting.js';
import { useNewOrderAlert, useSoundBlocked } from '../../features/board/use-new-order-alert.js';
import { useNow } from '../../lib/use-now.js';
import { queryKeys } from '../../lib/query-keys.js';
import { useTicketKeys, type TicketKeyAction } from '../../features/board/use-ticket-keys.js';
import { lazyComponent } from '../../lib/lazy-component.js';

// The dialogs load when first opened: the board shows the queue first.
const RejectDialog = lazyComponent(
  async () => (await import('../../features/board/components/reject-dialog.js')).RejectDialog,
);
const KeyboardHelp = lazyComponent(
  async () => (await import('../../features/board/components/keyboard-help.js')).KeyboardHelp,
);
const BoardSettingsDialog = lazyComponent(
  async () => (await import('../../features/board/components/board-settings-dialog.js')).BoardSettingsDialog,
);

const BOARD_CLOCK_MS = 5_000;

const NOTICES = { 'bar-open': 'Take order at the bar only', 'all-close': 'Cafe and Bar are close' } as const;

/**
 * A query's answer re-renders a component synchronously (react-query reads its cache through
 * useSyncExternalStore): the whole board in one task that held a phone's main thread for ~300 ms when
 * the board's later lists answered. Handed on as a deferred value, the answers re-render the board as a
 * transition, in slices that yield to the browser; this component's own urgent render changes nothing.
 */
export function OrderingPage() {
  const queries = useDeferredValue(useBoardQueries());
  return <OrderingBoard queries={queries} />;
}

const OrderingBoard = memo(function OrderingBoard({ queries }: { queries: BoardQueries }) {
  const { shop, shopLoaded } = useSession();
  const [settings, updateSettings] = useBoardSettings();
  const board = useBoard(queries, settings, shop);
  const queryClient = useQueryClient();
  const { lists } = board;
  const actions = useBoardActions();
  const online = useOnline();
  // Ticket colours, recall windows and days: a few seconds late is fine, and re-rendering the whole board
  // every second was most of a phone's work on it. The age on each ticket ticks by itself (AgeChip).
  const now = useNow(BOARD_CLOCK_MS);
  const { recallWindowSeconds = DEFAULT_RECALL_WINDOW_SECONDS } = useConfig();
  const known = useMemo(
    () => [queries.waiting.data, queries.inProgress.data, queries.done.data, queries.rejected.data],
    [queries],
  );
  const { fresh, acknowledge } = useNewOrderAlert(lists.waiting, known);
  const sound = useSoundBlocked();
  const [selectMode, setSelectMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useRejecting(board.activeIds);
  const [outOfStock, setOutOfStock] = useState<OutOfStockMenu[]>([]);
  const [printing, setPrinting] = useState<Order | null>(null);
  const [help, setHelp] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const rejectLoaded = useOpenedOnce(rejecting !== null);
  const helpLoaded = useOpenedOnce(help);

  const status = shopStatusParam(shop);
  const active = [...lists.inProgress, ...lists.waiting];
  // Only what the barista can see can be cancelled: a selection hidden by a filter does not count.
  const visibleSelected = active.filter((o) => selected.has(o.id));
  const exitSelect = () => {
    setSelectMode(false);
    setSelected(new Set());
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const reject = async (note: string) => {
    const orders = rejecting ?? [];
    setRejecting(null);
    const done = await actions.reject(orders, note);
    exitSelect();
    if (note === INGREDIENT_UNAVAILABLE)
      setOutOfStock([...new Map(done.map((o) => [o.menu.id, o.menu.name]))].map(([id, name]) => ({ id, name })));
  };
  const print = (o: Order) => {
    flushSync(() => setPrinting(o));
    window.print();
  };
  const onKey = (id: string, action: TicketKeyAction) => {
    const o = board.find(id);
    // Offline the keys do what the disabled buttons do: nothing but print.
    if (!o || (!online && action !== 'print')) return;
    const isActive = o.status === 'ordered' || o.status === 'in-progress';
    if (action === 'advance' && isActive) actions.advance(o);
    else if (action === 'reject' && isActive) setRejecting([o]);
    else if (action === 'recall' && recallable(o, now, recallWindowSeconds)) actions.recall(o);
    else if (action === 'pickUp' && o.status === 'done') actions.pickUp(o);
    else if (action === 'print') print(o);
  };
  useTicketKeys(onKey, () => setHelp(true));

  const card = (o: Order) => (
    <OrderCard
      key={o.id}
      order={o}
      now={now}
      level={ageLevel(now - Date.parse(o.orderDate), settings.warnMinutes, settings.lateMinutes)}
      busy={!online || actions.busyId === o.id}
      selectMode={selectMode}
      selected={selected.has(o.id)}
      onToggleSelect={() => toggle(o.id)}
      onAdvance={() => actions.advance(o)}
      onCancel={() => setRejecting([o])}
      onPrint={() => print(o)}
    />
  );
  const notice = status === 'cafe-open' ? null : NOTICES[status];
  const showQueues = status !== 'all-close' || board.activeCount > 0;

  return (
    <Container maxWidth={false} sx={{ py: { xs: 1, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{ fontWeight: 700, mr: 1, fontSize: { xs: '1.375rem', sm: '1.5rem' } }}
        >
          Orders
        </Typography>
        {shopLoaded && (
          <ShopStatusControl
            shop={shop}
            canChange={online && !board.loading && canChangeShopStatus(shop, board.activeCount)}
          />
        )}
        <Box sx={{ order: { xs: 2, md: 0 } }}>
          {showQueues && (
            <BoardToolbar
              settings={settings}
              categories={board.categories}
              onChange={(patch) => {
                updateSettings(patch);
                setSelected(new Set());
              }}
              selectMode={selectMode}
              selectedCount={visibleSelected.length}
              canSelect={online && active.length > 0}
              onSelectMode={(on) => (on ? setSelectMode(true) : exitSelect())}
              onCancelSelected={() => setRejecting(visibleSelected)}
            />
          )}
        </Box>
        {/* On a desk they end the row, after the filters as in the page's order (the Tab key's); on a phone they
            sit beside the title and the filters take the next row. */}
        <Box sx={{ order: { xs: 1, md: 0 }, ml: 'auto', display: 'flex' }}>
          <SoundBlockedButton blocked={sound.blocked} onUnlock={sound.unlock} />
          <Tooltip title="Keyboard shortcuts (?)">
            {/* The keyboard flow is for desk boards; a phone has no keys to press. */}
            <IconButton
              aria-label="Keyboard shortcuts"
              onClick={() => setHelp(true)}
              sx={{ display: { xs: 'none', md: 'inline-flex' } }}
            >
              <KeyboardIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Board settings">
            <IconButton aria-label="Board settings" onClick={() => setSettingsOpen(true)}>
              <SettingsIcon />
            </IconButton>
          </Tooltip>
        </Box>
      </Stack>
      <LastKnown updatedAt={board.updatedAt} />
      <SoundBlockedNotice blocked={sound.blocked} onUnlock={sound.unlock} />
      <NewOrderBanner fresh={fresh} onAcknowledge={acknowledge} />
      {notice && (
        <Typography variant="h6" component="p" sx={{ py: 1, textAlign: 'center' }} data-testid="shop-notice">
          {notice}
        </Typography>
      )}
      {board.failed ? (
        // Not 'No orders now': the queues are unknown, and a barista would stop looking for orders.
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all })}
            >
              Try again
            </Button>
          }
        >
          The orders could not be loaded.
        </Alert>
      ) : !shopLoaded || board.loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading orders" />
        </Box>
      ) : (
        // Closed with nothing queued: the drinks already on the counter can still be handed over.
        (showQueues || lists.done.length > 0) && (
          <Stack spacing={{ xs: 1, sm: 1.5 }}>
            {showQueues && (
              <>
                <AllDayStrip orders={active} />
                {board.hiddenCount > 0 && (
                  <Alert severity="info" sx={{ py: 0 }}>
                    {board.hiddenCount} more active {board.hiddenCount === 1 ? 'order is' : 'orders are'} hidden by the
                    station or filter.
                  </Alert>
                )}
                <OrderSection title="In Progress Order" orders={lists.inProgress} render={card} />
                <OrderSection title="Waiting Order" orders={lists.waiting} badge={fresh.length} render={card} />
              </>
            )}
            <CounterSection
              done={lists.done}
              known={board.counter}
              rejected={lists.rejected}
              shop={shop}
              now={now}
              recallWindowSeconds={recallWindowSeconds}
              busyId={actions.busyId}
              offline={!online}
              onPickUp={actions.pickUp}
              onRecall={actions.recall}
            />
          </Stack>
        )
      )}
      {rejectLoaded && (
        <RejectDialog
          open={rejecting !== null}
          orders={rejecting ?? []}
          busy={actions.rejecting || !online}
          onClose={() => setRejecting(null)}
          onConfirm={(note) => void reject(note)}
        />
      )}
      {helpLoaded && (
        <KeyboardHelp open={help} recallWindowSeconds={recallWindowSeconds} onClose={() => setHelp(false)} />
      )}
      {settingsOpen && (
        <BoardSettingsDialog open settings={settings} onClose={() => setSettingsOpen(false)} onSave={updateSettings} />
      )}
      <SetInactiveOffer menus={outOfStock} onDone={() => setOutOfStock((l) => l.slice(1))} />
      <PrintLabel order={printing} />
    </Container>
  );
});
