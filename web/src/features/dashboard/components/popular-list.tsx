import type { PopularMenuRow } from '@drinks/contracts';
import { Box, List, ListItem, Pagination, Stack, Typography } from '@mui/material';
import { pageCount, pageOf } from '../dashboard-logic.js';
import { wrapAnywhere } from '../../../components/wrap-anywhere.js';

export function PopularList({
  rows,
  page,
  onPage,
}: {
  rows: readonly PopularMenuRow[];
  page: number;
  onPage(p: number): void;
}) {
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        No orders in this period
      </Typography>
    );
  return (
    <Box>
      <List aria-label="Menus ranked by orders" disablePadding>
        {pageOf(rows, page).map(({ rank, row }) => (
          // By rank: two menus may share a name (and a category), and keys must differ.
          <ListItem key={rank} divider data-testid="popular-row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <Box
              aria-label={`Rank ${rank}`}
              sx={{
                width: 32,
                height: 32,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
                fontWeight: 700,
                bgcolor: rank <= 3 ? 'primary.main' : 'action.selected',
                color: rank <= 3 ? 'primary.contrastText' : 'text.primary',
              }}
            >
              {rank}
            </Box>
            {/* A long count goes under the name: beside six digits, a one-word name was squeezed to a letter a line. */}
            <Box sx={{ flex: '1 1 7rem', minWidth: 0 }}>
              {/* Wraps rather than cut: a name of 25 letters does not fit a phone's row on one line. */}
              <Typography sx={{ fontWeight: 600, ...wrapAnywhere }}>{row.Menu_name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={wrapAnywhere}>
                {row.categoryName}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', ml: 'auto' }}>{row.totalOrder} Orders</Typography>
          </ListItem>
        ))}
      </List>
      {rows.length > 10 && (
        <Stack sx={{ alignItems: 'center', mt: 2 }}>
          <Pagination
            count={pageCount(rows.length)}
            page={page}
            onChange={(_e, p) => onPage(p)}
            color="primary"
            aria-label="Ranking pages"
          />
        </Stack>
      )}
    </Box>
  );
}
