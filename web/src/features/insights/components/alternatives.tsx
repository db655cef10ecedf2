import { Box, Chip, Typography } from '@mui/material';
import type { Menu, Order } from '@drinks/contracts';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../lib/session.js';
import { useAlternatives } from '../api/get-alternatives.js';
import { INGREDIENT_UNAVAILABLE } from '../insights-text.js';

/** The order form of a menu, as the catalog opens it. */
export function menuFormPath(menu: Menu, area: 'cafe' | 'bar', admin: boolean): string {
  const s = admin ? '-admin' : '';
  const name = encodeURIComponent(menu.name);
  const id = encodeURIComponent(menu.id);
  if (area === 'bar') return `/form-bar${s}/${name}/${id}/${encodeURIComponent(menu.description.trim() || '-')}`;
  return `/form${s}/${name}/${id}`;
}

/** For an order rejected because an ingredient ran out: why, and what can still be ordered. */
export function RejectedAlternatives({ order }: { order: Order }) {
  const { user } = useSession();
  const show = order.status === 'rejected' && order.reject_note === INGREDIENT_UNAVAILABLE;
  const q = useAlternatives(order.id, show);
  if (!show) return null;
  const area = order.menu.category.categoryFor;
  const menus = q.data ?? [];
  return (
    <Box sx={{ bgcolor: '#fff8e1', borderRadius: 2, p: 1.5 }} data-testid="alternatives">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {order.menu.name} ran out of an ingredient, so the barista could not make it.
      </Typography>
      {menus.length > 0 ? (
        <>
          <Typography variant="body2" sx={{ mt: 0.5, mb: 1 }}>
            Still available — tap one to order it instead:
          </Typography>
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
            aria-label="Menus still available"
          >
            {menus.map((m) => (
              <li key={m.id}>
                <Chip
                  component={RouterLink}
                  to={menuFormPath(m, area, user?.role === 'admin')}
                  clickable
                  label={m.name}
                  color="primary"
                  variant="outlined"
                  data-testid="alternative"
                />
              </li>
            ))}
          </Box>
        </>
      ) : (
        q.isSuccess && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            No other menu of this kind is available right now.
          </Typography>
        )
      )}
    </Box>
  );
}
