import type { PushSubscriptionBody } from '@drinks/contracts';
import { api } from '../../../lib/api-client.js';

/** Idempotent: posting the same device again (or as another user) keeps one subscription. */
export const saveSubscription = (subscription: PushSubscriptionBody) =>
  api<void>('/push/subscriptions', { method: 'POST', body: subscription });
