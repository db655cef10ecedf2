import { createHash, randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../clock.js';
import type { KnexDb } from './db-port.js';

export type LinkPurpose = 'verify-email' | 'reset-password';

export const LINK_TTL_SECONDS: Record<LinkPurpose, number> = {
  'verify-email': 24 * 3600,
  'reset-password': 3600,
};

const TABLE = 'email_links';
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** One-time links mailed to a user: only a hash is stored; opening one uses it up. */
export function createEmailLinks(db: KnexDb, clock: Clock = systemClock) {
  return {
    async issue(userId: string, purpose: LinkPurpose): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock().getTime();
      await db.knex(TABLE).insert({
        token_hash: digest(token),
        user_id: userId,
        purpose,
        expires_at: now + LINK_TTL_SECONDS[purpose] * 1000,
      });
      return token;
    },

    /** The user the link was for, once: a used, expired or unknown link gives null. */
    async consume(token: string, purpose: LinkPurpose): Promise<string | null> {
      const now = clock().getTime();
      const hash = digest(token);
      const taken = await db
        .knex(TABLE)
        .where({ token_hash: hash, purpose })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .update({ used_at: now });
      if (taken !== 1) return null;
      const row = (await db.knex(TABLE).where({ token_hash: hash }).first('user_id')) as { user_id: string };
      return row.user_id;
    },

    /** The user an open link is for, leaving it open: null for a used, expired or unknown link. */
    async peek(token: string, purpose: LinkPurpose): Promise<string | null> {
      const row = (await db
        .knex(TABLE)
        .where({ token_hash: digest(token), purpose })
        .whereNull('used_at')
        .where('expires_at', '>', clock().getTime())
        .first('user_id')) as { user_id: string } | undefined;
      return row?.user_id ?? null;
    },

    /** A new reset or password makes the user's other open links of that purpose useless. */
    async revoke(userId: string, purpose: LinkPurpose): Promise<void> {
      await db
        .knex(TABLE)
        .where({ user_id: userId, purpose })
        .whereNull('used_at')
        .update({ used_at: clock().getTime() });
    },
  };
}

export type EmailLinks = ReturnType<typeof createEmailLinks>;
