import ReplayIcon from '@mui/icons-material/Replay';
import { Button } from '@mui/material';
import type { Order } from '@drinks/contracts';
import { useNavigate } from 'react-router';
import { useOnline } from '../../../lib/online.js';
import { useSession } from '../../../lib/session.js';
import { orderAgainTarget } from '../order-again.js';

/** One tap back to the order form with this order's choices filled in. */
export function OrderAgainButton({ order }: { order: Order }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const online = useOnline();
  return (
    <Button
      size="small"
      variant="text"
      startIcon={<ReplayIcon />}
      aria-label={`Order again: ${order.menu.name}`}
      data-testid="order-again"
      disabled={!online}
      onClick={(e) => {
        e.stopPropagation();
        const { to, state } = orderAgainTarget(order, user?.role);
        void navigate(to, { state });
      }}
    >
      Order again
    </Button>
  );
}
