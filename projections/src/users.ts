import { mailboxKey, Role, type EventType, type StoredEvent, type User } from '@drinks/contracts';
import type { Knex } from 'knex';
import type { Projection } from './projection.js';
import { createTableIfAbsent, flag, isSet } from './sql.js';

type Db = Knex | Knex.Transaction;
const USERS = 'rm_users';

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  is_available: number;
  email_verified: number;
  position: number;
}

const HANDLES = [
  'UserRegistered',
  'UserRenamed',
  'UserRoleChanged',
  'UserAvailabilityChanged',
  'UserEmailVerified',
] as const satisfies readonly EventType[];

async function migrate(db: Knex): Promise<void> {
  await createTableIfAbsent(db, USERS, (t) => {
    t.string('id', 64).primary();
    t.text('email').notNullable();
    t.text('name').notNullable();
    t.string('role', 16).notNullable();
    t.integer('is_available').notNullable();
    t.integer('email_verified').notNullable();
    t.bigInteger('position').notNullable();
    t.index(['position'], 'rm_users_position_idx');
  });
  // A table of an older version: every account in it was registered before mailboxes were verified.
  if (!(await db.schema.hasColumn(USERS, 'email_verified'))) {
    await db.schema.alterTable(USERS, (t) => t.integer('email_verified').notNullable().defaultTo(1));
  }
}

async function apply(e: StoredEvent, trx: Knex.Transaction): Promise<void> {
  switch (e.type) {
    case 'UserRegistered': {
      const { userId, email, name, role, verificationRequired } = e.data;
      const verified = flag(verificationRequired !== true);
      await trx(USERS)
        .insert({
          id: userId,
          email,
          name,
          role,
          is_available: flag(true),
          email_verified: verified,
          position: e.position,
        })
        .onConflict('id')
        .merge();
      return;
    }
    case 'UserRenamed':
      await trx(USERS).where('id', e.data.userId).update({ name: e.data.name });
      return;
    case 'UserRoleChanged':
      await trx(USERS).where('id', e.data.userId).update({ role: e.data.role });
      return;
    case 'UserAvailabilityChanged':
      await trx(USERS)
        .where('id', e.data.userId)
        .update({ is_available: flag(e.data.isAvailable) });
      return;
    case 'UserEmailVerified':
      await trx(USERS)
        .where('id', e.data.userId)
        .update({ email_verified: flag(true) });
      return;
    default:
      return;
  }
}

export const usersProjection: Projection = {
  name: 'users',
  handles: HANDLES,
  tables: [USERS],
  migrate,
  apply: (event, trx) => apply(event, trx),
};

const toUser = (r: UserRow): User => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: Role.parse(r.role),
  isAvailable: isSet(r.is_available),
  emailVerified: isSet(r.email_verified),
});

export async function getUser(db: Db, id: string): Promise<User | null> {
  const row = (await db(USERS).where({ id }).first()) as UserRow | undefined;
  return row ? toUser(row) : null;
}

/** The account holding this mailbox under any spelling (user+x@ is user@), if one does. */
export async function findUserByMailbox(db: Db, email: string): Promise<User | null> {
  const key = mailboxKey(email);
  const at = key.lastIndexOf('@');
  const [local, domain] = [key.slice(0, at), key.slice(at)];
  const rows = (await db(USERS)
    .where('email', key)
    // LIKE's wildcards (_ in an address) may match more: the exact check below decides.
    .orWhere('email', 'like', `${local}+%${domain}`)
    .orderBy('position')) as UserRow[];
  const row = rows.find((r) => mailboxKey(r.email) === key);
  return row ? toUser(row) : null;
}

/** Every user in registration order. */
export async function listUsers(db: Db, page: { limit?: number; offset?: number } = {}): Promise<User[]> {
  const q = db(USERS).orderBy('position');
  if (page.limit !== undefined) q.limit(page.limit);
  if (page.offset) q.offset(page.offset);
  return ((await q) as UserRow[]).map(toUser);
}
