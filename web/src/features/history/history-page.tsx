import { STAFF_ROLES } from '@drinks/contracts';
import { Alert, AlertTitle, Box, CircularProgress, Container, Typography } from '@mui/material';
import { useState } from 'react';
import { useBusinessClock } from '../../components/staff-business-time.js';
import { lastDaysRange } from '../../components/staff-date-ranges.js';
import { ApiError } from '../../lib/api-client.js';
import { useLastingError } from '../../lib/use-lasting-error.js';
import { useOnline } from '../../lib/online.js';
import { useSession } from '../../lib/session.js';
import { useHistory } from './api/get-history.js';
import { HistoryFilters } from './components/history-filters.js';
import { StaffHistoryList } from './components/staff-history-list.js';
import { UserHistoryList } from './components/user-history-list.js';
import { STAFF_FILTERS, USER_DEFAULT_FILTER, USER_FILTERS, loadingText } from './history-logic.js';

/** Staff-wide history for baristas and admins, the caller's own for users. */
export function HistoryPage() {
  const { user } = useSession();
  const staff = user !== null && STAFF_ROLES.includes(user.role);
  const filters = staff ? STAFF_FILTERS : USER_FILTERS;
  const [index, setIndex] = useState(staff ? 0 : USER_DEFAULT_FILTER);
  const filter = filters[index] ?? filters[0]!;
  const { timeZone, now } = useBusinessClock();
  const range = lastDaysRange(filter.days, now(), timeZone);
  const history = useHistory(range);
  const online = useOnline();
  const error = useLastingError(history);
  const showLoading = history.isPending || (history.isPlaceholderData && history.isFetching);

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 700 }}>
        History
      </Typography>
      <HistoryFilters filters={filters} value={index} onChange={setIndex} />
      {error && history.data !== undefined && (
        // A refresh failed: what was read stays on screen (as the board keeps its rows), said to be so.
        <Alert severity="warning" sx={{ mb: 2 }}>
          Could not refresh the history. It is shown as last loaded.
        </Alert>
      )}
      {history.data === undefined && !online ? (
        // Offline with nothing seen for this period: the request waits for the network, so say that.
        <Alert severity="info">History shows once you are back online.</Alert>
      ) : error && history.data === undefined ? (
        <Alert severity="error">
          <AlertTitle>Failed to load history</AlertTitle>
          {/* The server's reason when it gave one; the browser's 'Failed to fetch' says nothing to a person. */}
          {(error instanceof ApiError && error.message) || 'Please try again later'}
        </Alert>
      ) : showLoading || history.data === undefined ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>{loadingText(filter.days)}</Typography>
        </Box>
      ) : history.data.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <Typography variant="h6" component="p">
            No history found for this period
          </Typography>
          <Typography color="text.secondary">Try selecting a different date range</Typography>
        </Box>
      ) : staff ? (
        <StaffHistoryList orders={history.data} timeZone={timeZone} />
      ) : (
        <UserHistoryList orders={history.data} timeZone={timeZone} />
      )}
    </Container>
  );
}
