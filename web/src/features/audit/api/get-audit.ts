import type { AuditPage, User } from '@drinks/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import type { AuditFilters } from '../audit-logic.js';
import { auditQuery } from '../audit-logic.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const PAGE_SIZE = 30;

export const getAudit = (filters: AuditFilters, before?: number) =>
  api<AuditPage>('/audit', { query: auditQuery(filters, PAGE_SIZE, before) });

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit(filters),
    queryFn: ({ pageParam }) => getAudit(filters, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** Everyone who can appear as an actor, for the filter. */
export function useAuditActors() {
  return useQuery({
    queryKey: queryKeys.users.auditActors,
    queryFn: () => api<User[]>('/user'),
    staleTime: 5 * 60_000,
  });
}
