import { recallWindowText } from '../station-logic.js';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material';

/** The keys and what they do; R only where the server lets orders be recalled (RECALL_WINDOW_SECONDS above 0). */
const rows = (recallWindowSeconds: number): readonly [string, string][] => [
  ['← → ↑ ↓', 'Move between tickets'],
  ['Enter', 'Advance the ticket: Do, then Done'],
  ['X or Delete', 'Cancel the order (asks for a reason)'],
  ...(recallWindowSeconds > 0
    ? [['R', `Recall a done or cancelled order (within ${recallWindowText(recallWindowSeconds)})`] as [string, string]]
    : []),
  ['P', 'Mark a done order as picked up'],
  ['L', 'Print a cup label'],
  ['?', 'Show this help'],
];

export function KeyboardHelp({
  open,
  recallWindowSeconds,
  onClose,
}: {
  open: boolean;
  recallWindowSeconds: number;
  onClose(): void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="keys-title">
      <DialogTitle id="keys-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {rows(recallWindowSeconds).map(([key, what]) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {key}
                </TableCell>
                <TableCell>{what}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
