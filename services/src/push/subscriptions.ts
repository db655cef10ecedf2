import { chunk } from '@drinks/projections';
import type { PushSubscriptionBody } from '@drinks/contracts';
import type { Knex } from 'knex';

export const SUBSCRIPTIONS_TABLE = 'push_subscriptions';

/** What web-push needs to reach one device. */
export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSubscriptions {
  /** Idempotent by endpoint: saving it again (or as another user on that device) keeps one row. */
  save(userId: string, subscription: PushSubscriptionBody): Promise<void>;
  /** Removes the caller's own subscription; false when it has none with that endpoint. */
  remove(userId: string, endpoint: string): Promise<boolean>;
  /** Signed out (everywhere, as logout does) or disabled: no device of theirs hears about orders any more. */
  removeAllOf(userId: string): Promise<void>;
  /** The push service said the endpoint is gone (404/410). */
  forget(endpoint: string): Promise<void>;
  ofUser(userId: string): Promise<StoredSubscription[]>;
  /** Each user's devices, oldest first; users without any are left out. */
  ofUsers(userIds: readonly string[]): Promise<Map<string, StoredSubscription[]>>;
}

/** Devices kept per person: saving one more forgets the one saved longest ago. */
export const MAX_DEVICES_PER_USER = 10;

export function createPushSubscriptions(knex: Knex, clock: () => Date): PushSubscriptions {
  async function ofUsers(userIds: readonly string[]): Promise<Map<string, StoredSubscription[]>> {
    const devices = new Map<string, StoredSubscription[]>();
    for (const ids of chunk(userIds, 500)) {
      const rows = (await knex(SUBSCRIPTIONS_TABLE)
        .select('user_id', 'endpoint', 'p256dh', 'auth')
        .whereIn('user_id', ids)
        .orderBy('created_at')) as { user_id: string; endpoint: string; p256dh: string; auth: string }[];
      for (const r of rows) {
        const device = { endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } };
        devices.set(r.user_id, [...(devices.get(r.user_id) ?? []), device]);
      }
    }
    return devices;
  }
  return {
    async save(userId, { endpoint, keys }) {
      await knex(SUBSCRIPTIONS_TABLE)
        .insert({ endpoint, user_id: userId, p256dh: keys.p256dh, auth: keys.auth, created_at: clock().toISOString() })
        .onConflict('endpoint')
        .merge(['user_id', 'p256dh', 'auth', 'created_at']);
      // A person's phones and computers, not hundreds of endpoints one order's change would each be sent to.
      const newest = knex(SUBSCRIPTIONS_TABLE)
        .select('endpoint')
        .where({ user_id: userId })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'endpoint', order: 'desc' },
        ])
        .limit(MAX_DEVICES_PER_USER);
      await knex(SUBSCRIPTIONS_TABLE).where({ user_id: userId }).whereNotIn('endpoint', newest).delete();
    },
    async remove(userId, endpoint) {
      return (await knex(SUBSCRIPTIONS_TABLE).where({ endpoint, user_id: userId }).delete()) > 0;
    },
    async removeAllOf(userId) {
      await knex(SUBSCRIPTIONS_TABLE).where({ user_id: userId }).delete();
    },
    async forget(endpoint) {
      await knex(SUBSCRIPTIONS_TABLE).where({ endpoint }).delete();
    },
    ofUser: async (userId) => (await ofUsers([userId])).get(userId) ?? [],
    ofUsers,
  };
}
