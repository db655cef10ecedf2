import type { Order } from '@drinks/contracts';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Card, Checkbox, FormControlLabel, IconButton, Stack, Typography } from '@mui/material';
import { sweetnessLabel, typeLabel } from '../../../components/staff-order-format.js';
import { TimelineIconButton } from '../../../components/timeline/timeline-icon-button.js';
import { remarkText } from '../board-logic.js';
import type { AgeLevel } from '../station-logic.js';
import { AGE_COLOURS, AgeChip, PlacedAt } from './ticket-age.js';
import { TumblerImage } from './tumbler-image.js';
import { wrapAnywhere } from '../../../components/wrap-anywhere.js';

interface Props {
  order: Order;
  now: number;
  level: AgeLevel;
  busy: boolean;
  selectMode: boolean;
  selected: boolean;
  onToggleSelect(): void;
  onAdvance(): void;
  onCancel(): void;
  onPrint(): void;
}

/** One ticket: focusable for the keyboard flow (Enter advances, X cancels). */
export function OrderCard(p: Props) {
  const { order } = p;
  const remark = remarkText(order.remark);
  const sweetness = sweetnessLabel(order);
  const waiting = order.status === 'ordered';
  return (
    <Card
      variant="outlined"
      data-testid="order-card"
      data-order-id={order.id}
      data-ticket={order.id}
      data-age={p.level}
      tabIndex={0}
      // A group, so that its name reaches a screen reader (on a plain div it was dropped): Do, Done and
      // Cancel are read within 'Mocha for Zed', and one customer's two tickets are told apart.
      role="group"
      aria-label={`${order.menu.name} for ${order.user.name}`}
      sx={{
        p: 1,
        borderLeft: 6,
        borderLeftColor: AGE_COLOURS[p.level].border,
        '&:focus-visible': { outline: '3px solid #1565c0', outlineOffset: 2 },
      }}
    >
      <Box sx={{ flex: 1, ...wrapAnywhere }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.25 }}>
            {order.menu.name}
          </Typography>
          <AgeChip order={order} level={p.level} />
        </Stack>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {order.user.name}
            </Typography>
            <PlacedAt order={order} now={p.now} />
          </Box>
          {/* A bar order's tumblerImage holds the item's description (customer-side.md §1), not a photo. */}
          {order.menu.category.categoryFor === 'cafe' && (
            <TumblerImage src={order.tumblerImage} owner={order.user.name} size={40} />
          )}
        </Box>
        {/* A narrow ticket (Select mode's checkbox) breaks the line between the two, never inside one. */}
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontSize: '0.8125rem', '& > span': { whiteSpace: 'nowrap' } }}
        >
          <span>Type: {typeLabel(order.type)}</span>
          {sweetness && (
            <>
              {' · '}
              <span>Sweetness: {sweetness}</span>
            </>
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: '0.8125rem' }}>
          Remark: {remark ?? '-'}
        </Typography>
        {/* Select mode's checkbox takes the buttons' row, not a column of the ticket's width: the text keeps
            the width it had, so no line breaks anew and no ticket grows when the mode changes. */}
        {p.selectMode ? (
          <FormControlLabel
            label="Select"
            sx={{ mt: 0.5, ml: -0.5 }}
            control={
              <Checkbox
                checked={p.selected}
                onChange={p.onToggleSelect}
                sx={{ p: 0.5 }}
                slotProps={{ input: { 'aria-label': `Select ${order.menu.name} for ${order.user.name}` } }}
              />
            }
          />
        ) : (
          // The ticket's text may break anywhere; a button's word never ('Canc / el' on a touch tablet's four columns).
          <Stack
            direction="row"
            spacing={0.5}
            useFlexGap
            sx={{
              mt: 0.5,
              alignItems: 'center',
              flexWrap: 'wrap',
              // Narrower sides than MUI's, so both buttons and both icons (40 px each on a touch screen) share
              // one row of a tablet's 240 px ticket.
              '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0, minWidth: 48, px: 1.25 },
            }}
          >
            <Button variant="contained" size="small" onClick={p.onAdvance} disabled={p.busy}>
              {waiting ? 'Do' : 'Done'}
            </Button>
            <Button variant="outlined" color="error" size="small" onClick={p.onCancel} disabled={p.busy}>
              Cancel
            </Button>
            <Box sx={{ flex: 1 }} />
            <TimelineIconButton orderId={order.id} menuName={order.menu.name} />
            <IconButton
              size="small"
              aria-label={`Print label of ${order.menu.name} for ${order.user.name}`}
              onClick={p.onPrint}
            >
              <PrintIcon fontSize="small" />
            </IconButton>
          </Stack>
        )}
      </Box>
    </Card>
  );
}
