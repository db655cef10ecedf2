import type { ReactNode } from 'react';
import { Alert, Box, CircularProgress } from '@mui/material';
import { useLastingError, type FailingQuery } from '../lib/use-lasting-error.js';

/**
 * What stands in for a query's answer until it has one: a spinner (or `pending`), or `failed` once a call has
 * failed (kept while it is asked again); without `failed` a failure shows nothing, as the customer's screens
 * keep failed fetches quiet. Never the screen's empty state: a failed read says nothing about what is there.
 */
export function Unanswered({
  query,
  label,
  failed,
  pending,
}: {
  query: FailingQuery;
  label: string;
  failed?: string;
  pending?: ReactNode;
}) {
  if (useLastingError(query)) return failed === undefined ? null : <Alert severity="error">{failed}</Alert>;
  return (
    pending ?? (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={label} />
      </Box>
    )
  );
}
