import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useOnline } from '../../../lib/online.js';
import type { OrderDraft } from '../api/place-order.js';

export function OrderSummary(props: {
  open: boolean;
  draft: OrderDraft;
  /** Why the draft can no longer be placed, learnt while the summary is open. */
  problem: string | null;
  area: 'cafe' | 'bar';
  pending: boolean;
  onEdit: () => void;
  onPlace: () => void;
}) {
  const { draft } = props;
  const online = useOnline();
  const rows: [string, string][] = [
    ['Menu', draft.menu_name],
    ['Type', draft.type ?? '-'],
    // The bar's form asks for neither.
    ...(props.area === 'cafe'
      ? ([
          ['Sweetness', `${draft.sweetness ?? 0}%`],
          ['Additional', draft.remark.trim() || '-'],
        ] as [string, string][])
      : []),
  ];
  return (
    <Dialog open={props.open} onClose={props.onEdit} fullWidth maxWidth="xs" aria-labelledby="summary-title">
      <DialogTitle id="summary-title">Order Summary</DialogTitle>
      <DialogContent>
        {props.problem && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="summary-problem">
            {props.problem}
          </Alert>
        )}
        {props.area === 'cafe' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Please bring your tumbler to the bar. All orders are cancelled if the tumbler is not at the bar for over 5
            minutes.
          </Alert>
        )}
        <Box
          component="dl"
          // A remark of one long word wraps: the person checks what they order, not the first half of it.
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 1,
            m: 0,
            overflowWrap: 'anywhere',
          }}
        >
          {rows.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {k}
              </Typography>
              <Typography component="dd" sx={{ m: 0, textTransform: k === 'Type' ? 'capitalize' : 'none' }}>
                {v}
              </Typography>
            </Box>
          ))}
        </Box>
        {props.area === 'cafe' && draft.tumblerImage && (
          <Box
            component="img"
            src={draft.tumblerImage}
            alt="Your tumbler"
            sx={{ mt: 2, width: 96, height: 96, objectFit: 'cover', borderRadius: 2 }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onEdit} disabled={props.pending}>
          Edit
        </Button>
        <Button
          variant="contained"
          onClick={props.onPlace}
          disabled={!online || props.pending}
          startIcon={
            props.pending ? <CircularProgress size={16} color="inherit" aria-label="Placing the order" /> : undefined
          }
        >
          Place order
        </Button>
      </DialogActions>
    </Dialog>
  );
}
