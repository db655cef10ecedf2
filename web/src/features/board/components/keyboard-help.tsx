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

const ROWS: readonly [string, string][] = [
  ['← → ↑ ↓', 'Move between tickets'],
  ['Enter', 'Advance the ticket: Do, then Done'],
  ['X or Delete', 'Cancel the order (asks for a reason)'],
  ['R', 'Recall a done or cancelled order (within 2 minutes)'],
  ['P', 'Mark a done order as picked up'],
  ['L', 'Print a cup label'],
  ['?', 'Show this help'],
];

export function KeyboardHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="keys-title">
      <DialogTitle id="keys-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {ROWS.map(([key, what]) => (
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
