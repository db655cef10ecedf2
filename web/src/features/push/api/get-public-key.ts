import type { PushPublicKey } from '@drinks/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const getPushPublicKey = () => api<PushPublicKey>('/push/public-key');

/** The VAPID key changes only if the operator replaces it: fetched once per session. */
export const pushPublicKeyQuery = queryOptions({
  queryKey: ['push', 'public-key'],
  queryFn: getPushPublicKey,
  staleTime: Infinity,
});
