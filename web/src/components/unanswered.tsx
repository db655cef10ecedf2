import { Alert, Box, CircularProgress } from '@mui/material';
import { useLastingError, type FailingQuery } from '../lib/use-lasting-error.js';

/**
 * What stands in for a query's answer until it has one: a spinner, or `failed` once a call has failed (kept
 * while it is asked again). Never the screen's empty state: a failed read says nothing about what is there.
 */
export function Unanswered({ query, label, failed }: { query: FailingQuery; label: string; failed: string }) {
  return useLastingError(query) ? (
    <Alert severity="error">{failed}</Alert>
  ) : (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
