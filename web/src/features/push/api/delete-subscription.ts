import { api, ApiError } from '../../../lib/api-client.js';

/** Forgets this device; one the server no longer has (404) is already what we want. */
export async function deleteSubscription(endpoint: string): Promise<void> {
  try {
    await api<void>('/push/subscriptions', { method: 'DELETE', body: { endpoint } });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
}
