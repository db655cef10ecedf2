import type { Order } from '@drinks/contracts';
import { Box, Chip, Divider, Paper, Stack, Typography } from '@mui/material';
import { TimelineButton } from '../../../components/timeline/timeline-button.js';
import { formatBusinessTimeOn } from '../../../lib/config.js';
import { formatDay, groupByDay, staffEntryDetails, staffStatusLabel } from '../history-logic.js';
import { wrapAnywhere } from '../../../components/wrap-anywhere.js';

const STATUS_COLOR = { Done: 'success', 'Canceled by user': 'default', 'Canceled by barista': 'error' } as const;

export function StaffHistoryList({ orders, timeZone }: { orders: readonly Order[]; timeZone: string }) {
  return (
    <Stack spacing={2}>
      {groupByDay(orders, timeZone).map((g) => (
        <Paper
          key={g.day}
          variant="outlined"
          component="section"
          aria-label={formatDay(g.day)}
          data-testid="history-group"
        >
          <Stack
            direction="row"
            // The day and its total each on one line; on a narrow phone the total goes under the day.
            sx={{
              justifyContent: 'space-between',
              alignItems: 'center',
              flexWrap: 'wrap',
              columnGap: 2,
              px: 2,
              py: 1.5,
              bgcolor: 'action.hover',
            }}
          >
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {formatDay(g.day)}
            </Typography>
            <Typography variant="body2" data-testid="history-total" sx={{ whiteSpace: 'nowrap' }}>
              Total Order: {g.total}
            </Typography>
          </Stack>
          {g.orders.map((o, i) => {
            const label = staffStatusLabel(o.status);
            return (
              <Box key={o.id} data-testid="history-entry">
                {i > 0 && <Divider />}
                {/* On a phone the status and the timeline go under the text instead of squeezing it. */}
                <Box
                  sx={{
                    display: 'grid',
                    // minmax(0, …): the text column may shrink below its longest word on a 320 px screen.
                    gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto' },
                    columnGap: 2,
                    rowGap: 0.5,
                    alignItems: 'center',
                    px: 2,
                    py: 1.25,
                  }}
                >
                  <Typography variant="body2" sx={{ minWidth: 44, fontVariantNumeric: 'tabular-nums' }}>
                    {/* Its last update, with the date when that fell after the day it was placed. */}
                    {formatBusinessTimeOn(o.updatedAt, g.day, timeZone)}
                  </Typography>
                  <Box sx={wrapAnywhere}>
                    <Typography variant="body1" sx={{ fontWeight: 600 }}>
                      {o.menu.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {staffEntryDetails(o)}
                    </Typography>
                  </Box>
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    data-testid="history-entry-status"
                    sx={{ alignItems: 'center', flexWrap: 'wrap', gridColumn: { xs: '2', sm: '3' } }}
                  >
                    <Chip
                      size="small"
                      label={label}
                      color={STATUS_COLOR[label as keyof typeof STATUS_COLOR] ?? 'default'}
                    />
                    <TimelineButton orderId={o.id} menuName={o.menu.name} />
                  </Stack>
                </Box>
              </Box>
            );
          })}
        </Paper>
      ))}
    </Stack>
  );
}
