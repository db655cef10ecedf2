import type { Order } from '@drinks/contracts';
import { Box, GlobalStyles } from '@mui/material';
import { sweetnessLabel, typeLabel } from '../../../components/staff-order-format.js';
import { formatBusinessTime, useConfig } from '../../../lib/config.js';
import { remarkText } from '../board-logic.js';

const PRINT_CSS = {
  '@media print': {
    '@page': { size: '62mm 40mm', margin: '2mm' },
    'body *': { visibility: 'hidden' },
    '#print-label, #print-label *': { visibility: 'visible' },
    '#print-label': { display: 'block !important', position: 'fixed', left: 0, top: 0, width: '58mm' },
  },
};

/** A cup label, hidden on screen; window.print() prints only it, label-sized. */
export function PrintLabel({ order }: { order: Order | null }) {
  const { businessTimeZone } = useConfig();
  if (!order) return null;
  const remark = remarkText(order.remark);
  const sweet = sweetnessLabel(order);
  return (
    <>
      <GlobalStyles styles={PRINT_CSS} />
      <Box id="print-label" data-testid="print-label" sx={{ display: 'none', fontFamily: 'sans-serif', color: '#000' }}>
        <Box sx={{ fontSize: 16, fontWeight: 700 }}>{order.user.name}</Box>
        <Box sx={{ fontSize: 14 }}>
          {order.menu.name} · {typeLabel(order.type)}
          {sweet ? ` · ${sweet}` : ''}
        </Box>
        {remark && <Box sx={{ fontSize: 12, overflowWrap: 'anywhere' }}>{remark}</Box>}
        <Box sx={{ fontSize: 11 }}>Placed {formatBusinessTime(order.orderDate, businessTimeZone)}</Box>
      </Box>
    </>
  );
}
