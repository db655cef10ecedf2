import { useState } from 'react';

export type FailingQuery = { error: Error | null; errorUpdateCount: number; isFetching: boolean };

/**
 * The query's error, kept while it tries again. A query that never had data goes back to pending for each
 * new attempt, so a polled call that kept failing showed its error and its loading state by turns (the
 * history, refetched every 5 s: "Failed to load history", then "Loading…", again and again).
 */
export function useLastingError(query: FailingQuery): Error | null {
  const [kept, setKept] = useState<Error | null>(null);
  if (query.error && query.error !== kept) setKept(query.error);
  // A query (a key) that has not failed yet has nothing to keep, whatever another key's last answer was.
  if (query.errorUpdateCount === 0 && kept !== null) setKept(null);
  return query.error ?? (query.isFetching && query.errorUpdateCount > 0 ? kept : null);
}
