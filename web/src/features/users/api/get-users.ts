import type { User } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const usersQuery = queryOptions({ queryKey: queryKeys.users.all, queryFn: () => api<User[]>('/user') });

/** Failures are logged to the console only (staff-side.md §8). */
export function useUsers() {
  const q = useQuery(usersQuery);
  if (q.isError) console.error('user list failed', q.error);
  return q;
}
