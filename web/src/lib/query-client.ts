import { QueryClient } from '@tanstack/react-query';

/** Cache 5 minutes; failed fetches retry 3 times, delay doubling from 1 s to a 30 s cap (§9). */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        staleTime: 30_000,
        retry: (count, err) =>
          count < 3 && !((err as { status?: number }).status! >= 400 && (err as { status?: number }).status! < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
      // An order action sent offline fails now instead of waiting to fire whenever the network returns.
      mutations: { networkMode: 'always' },
    },
  });
}
