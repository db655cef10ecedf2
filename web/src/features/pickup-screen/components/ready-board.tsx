import type { ReadyOrder } from '@drinks/contracts';
import { Box, Typography } from '@mui/material';
import { typeLabel } from '../../../components/staff-order-format.js';

/** One line per drink, in type a room can read from across the counter. */
export function ReadyBoard({ orders }: { orders: readonly ReadyOrder[] }) {
  if (orders.length === 0)
    return (
      <Typography sx={{ fontSize: 'clamp(1.5rem, 4vw, 3rem)', color: 'grey.400', mt: 6, textAlign: 'center' }}>
        No drinks waiting right now
      </Typography>
    );
  return (
    <Box component="ul" aria-label="Ready to pick up" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {orders.map((o) => (
        <Box
          component="li"
          key={o.id}
          sx={{
            display: 'flex',
            alignItems: 'baseline',
            gap: 3,
            flexWrap: 'wrap',
            px: 3,
            py: 2,
            borderRadius: 3,
            bgcolor: '#1b3a2a',
          }}
        >
          <Typography component="span" sx={{ fontSize: 'clamp(2rem, 6vw, 5rem)', fontWeight: 800, color: '#fff' }}>
            {o.firstName}
          </Typography>
          <Typography component="span" sx={{ fontSize: 'clamp(1.4rem, 3.5vw, 3rem)', color: '#c8e6c9' }}>
            {o.menuName}
            {o.type ? ` · ${typeLabel(o.type)}` : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
