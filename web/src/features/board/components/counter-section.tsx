import { isAreaOpen, type Order, type ShopStatus } from '@drinks/contracts';
import { Button, Stack } from '@mui/material';
import { ListSection } from '../../../components/list-section.js';
import { PickupRow } from '../../../components/pickup-row.js';
import { UNCLAIMED_AFTER_MS, recallable } from '../station-logic.js';
import { byCodePoint } from '../../../lib/compare.js';
import type { AnswerState } from '../use-board.js';

interface RowProps {
  order: Order;
  now: number;
  recallWindowSeconds: number;
  busy: boolean;
  /** Whether the order's area is open: the server refuses to bring an order back into a closed one. */
  areaOpen: boolean;
  onPickUp?(): void;
  onRecall(): void;
}

function Row({ order, now, recallWindowSeconds, busy, areaOpen, onPickUp, onRecall }: RowProps) {
  const overdue = order.status === 'done' && now - Date.parse(order.updatedAt) >= UNCLAIMED_AFTER_MS;
  return (
    <PickupRow order={order} now={now} overdue={overdue} focusable>
      {onPickUp && (
        <Button size="small" variant="contained" onClick={onPickUp} disabled={busy}>
          Picked up
        </Button>
      )}
      {areaOpen && recallable(order, now, recallWindowSeconds) && (
        <Button size="small" variant="outlined" onClick={onRecall} disabled={busy}>
          Recall
        </Button>
      )}
    </PickupRow>
  );
}

/**
 * The counter: finished drinks waiting to be handed over (long waits flagged), and orders cancelled
 * within the recall window (RECALL_WINDOW_SECONDS), which can still be recalled.
 */
export function CounterSection({
  done,
  known = 'ready',
  rejected,
  shop,
  now,
  recallWindowSeconds,
  busyId,
  offline,
  onPickUp,
  onRecall,
}: {
  done: readonly Order[];
  known?: AnswerState;
  rejected: readonly Order[];
  shop: ShopStatus;
  now: number;
  recallWindowSeconds: number;
  busyId: string | undefined;
  offline: boolean;
  onPickUp(o: Order): void;
  onRecall(o: Order): void;
}) {
  const waiting = [...done].sort((a, b) => byCodePoint(a.updatedAt, b.updatedAt));
  const open = (o: Order) => isAreaOpen(shop, o.menu.category.categoryFor);
  // A cancelled order can only come back into an open area: elsewhere its row would offer nothing.
  const recent = rejected.filter((o) => open(o) && recallable(o, now, recallWindowSeconds));
  return (
    <Stack spacing={2}>
      <ListSection
        id="pickup-title"
        title={`Waiting for pick-up (${known === 'ready' ? waiting.length : '…'})`}
        testId="waiting-pickup"
        empty={
          known === 'failed'
            ? 'The counter could not be loaded.'
            : known === 'ready' && waiting.length === 0
              ? 'Nothing waiting on the counter.'
              : null
        }
      >
        {waiting.map((o) => (
          <Row
            key={o.id}
            order={o}
            now={now}
            recallWindowSeconds={recallWindowSeconds}
            busy={offline || busyId === o.id}
            areaOpen={open(o)}
            onPickUp={() => onPickUp(o)}
            onRecall={() => onRecall(o)}
          />
        ))}
      </ListSection>
      {recent.length > 0 && (
        <ListSection id="recent-title" title="Recently cancelled" testId="recently-cancelled">
          {recent.map((o) => (
            <Row
              key={o.id}
              order={o}
              now={now}
              recallWindowSeconds={recallWindowSeconds}
              busy={offline || busyId === o.id}
              areaOpen
              onRecall={() => onRecall(o)}
            />
          ))}
        </ListSection>
      )}
    </Stack>
  );
}
