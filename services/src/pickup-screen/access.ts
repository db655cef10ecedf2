import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { PickupScreenKey } from '@drinks/contracts';
import type { Knex } from 'knex';

// Who may see the pick-up screen without signing in: screens on the listed networks, or anyone
// holding a view key an admin created. Keys are random (192 bits), so a plain hash keeps them.

const TABLE = 'pickup_screen_keys';
const hash = (key: string) => createHash('sha256').update(key).digest('hex');

/** The networks of PICKUP_SCREEN_NETWORKS as one matcher; an IPv4-mapped IPv6 address counts as IPv4. */
export function networkMatcher(cidrs: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [net = '', prefix = ''] = cidr.split('/');
    list.addSubnet(net, Number(prefix), isIP(net) === 6 ? 'ipv6' : 'ipv4');
  }
  return (address) => {
    if (!address) return false;
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

export function createPickupKeys(knex: Knex, clock: () => Date) {
  return {
    async create(createdBy: string): Promise<{ id: string; key: string }> {
      const id = randomUUID();
      const key = randomBytes(24).toString('base64url');
      await knex(TABLE).insert({
        id,
        key_hash: hash(key),
        created_by: createdBy,
        created_at: clock().toISOString(),
        revoked_at: null,
      });
      return { id, key };
    },
    async isValid(key: string): Promise<boolean> {
      const row = (await knex(TABLE)
        .select('id')
        .where({ key_hash: hash(key) })
        .whereNull('revoked_at')
        .first()) as { id: string } | undefined;
      return row !== undefined;
    },
    async list(): Promise<PickupScreenKey[]> {
      const rows = (await knex(TABLE).select('id', 'created_at', 'revoked_at').orderBy('created_at', 'desc')) as {
        id: string;
        created_at: string;
        revoked_at: string | null;
      }[];
      return rows.map((r) => ({ id: r.id, createdAt: r.created_at, revokedAt: r.revoked_at }));
    },
    /** False when there is no such key; revoking twice keeps the first instant. */
    async revoke(id: string): Promise<boolean> {
      const found = (await knex(TABLE).select('id').where({ id }).first()) !== undefined;
      if (found) await knex(TABLE).where({ id }).whereNull('revoked_at').update({ revoked_at: clock().toISOString() });
      return found;
    },
  };
}
