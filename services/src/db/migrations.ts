import type { Knex } from 'knex';
import { PG_LOCK_NAMESPACE, type Db } from './database.js';

type Build = (t: Knex.CreateTableBuilder, position: (name: string) => Knex.ColumnBuilder) => void;

/** Core tables, created when absent. Projections own their `rm_*` tables. */
/** Tables that are a key and nothing else: on SQLite, stored WITHOUT ROWID as one b-tree instead of two. */
const KEY_ONLY_TABLES = new Set(['event_tags']);

const CORE_TABLES: [string, Build][] = [
  [
    'events',
    (t, position) => {
      position('position').primary();
      t.string('id', 36).notNullable().unique();
      t.text('type').notNullable();
      t.text('tags').notNullable(); // JSON array, so a read needs no join; event_tags is the index
      t.text('data').notNullable();
      t.text('metadata').notNullable();
      t.text('occurred_at').notNullable();
      t.integer('schema_version').notNullable();
      t.index(['type', 'position'], 'events_type_position');
    },
  ],
  [
    // One row per (tag, event); the event's type is part of the key, so a query for some types of a
    // tag reads only those (a menu's catalog events, not the orders that also carry its tag).
    'event_tags',
    (t, position) => {
      t.text('tag').notNullable();
      t.text('type').notNullable();
      position('position').notNullable();
      t.primary(['tag', 'type', 'position']);
    },
  ],
  [
    'idempotency',
    (t, position) => {
      t.text('key').primary();
      position('first_position').notNullable();
      position('last_position').notNullable();
    },
  ],
  [
    // The body an Idempotency-Key first came with: the same key with another body is refused (409).
    'idempotency_bodies',
    (t) => {
      t.text('key').primary();
      t.text('body_hash').notNullable();
      // The first answer (status, JSON body or null), which a repeat of the key is given again.
      t.integer('answer_status').nullable();
      t.text('answer').nullable();
      // Calls after the first that came with the key: 0 means its first call, with nothing in the log yet.
      t.integer('repeats').notNullable().defaultTo(0);
      // The caller's role at the first call: a repeat from another role is not answered from here.
      t.text('caller_role').nullable();
    },
  ],
  [
    // A command refused under an idempotency key answers the same refusal when repeated.
    'idempotency_refusals',
    (t) => {
      t.text('key').primary();
      t.integer('status').notNullable();
      t.text('code').notNullable();
      t.text('detail').notNullable();
    },
  ],
  [
    'credentials',
    (t) => {
      t.text('user_id').primary();
      t.text('email').notNullable().unique();
      t.text('password_hash').notNullable();
      t.text('created_at').notNullable();
    },
  ],
  [
    'refresh_tokens',
    (t) => {
      t.text('id').primary();
      t.text('user_id').notNullable().index();
      t.text('family_id').notNullable().index();
      t.text('token_hash').notNullable().unique();
      t.text('expires_at').notNullable();
      t.text('used_at').nullable();
      t.text('revoked_at').nullable();
    },
  ],
  [
    // When each session (refresh token family) began: it ends SESSION_MAX_SECONDS later, rotated or not.
    'refresh_families',
    (t) => {
      t.text('family_id').primary();
      t.text('user_id').notNullable().index();
      t.bigInteger('started_at').notNullable();
    },
  ],
  [
    // Sessions ended because one of their refresh tokens came back after its use: the family's access tokens
    // issued up to revoked_ms stop working (the user's other sessions keep theirs).
    'family_revocations',
    (t) => {
      t.text('family_id').primary();
      t.text('user_id').notNullable();
      t.bigInteger('revoked_ms').notNullable().index();
    },
  ],
  [
    // Per user, access tokens issued up to this millisecond (not_before_ms, epoch ms) were signed out;
    // not_before is the same instant in whole seconds, as it was kept before.
    'session_revocations',
    (t) => {
      t.text('user_id').primary();
      t.bigInteger('not_before').notNullable();
      t.bigInteger('not_before_ms').notNullable();
    },
  ],
  [
    // View keys of the pick-up screen: only a hash is kept; the admin sees the key once.
    'pickup_screen_keys',
    (t) => {
      t.text('id').primary();
      t.text('key_hash').notNullable().unique();
      t.text('created_by').notNullable();
      t.text('created_at').notNullable();
      t.text('revoked_at').nullable();
    },
  ],
  [
    'images',
    (t) => {
      t.text('name').primary();
      t.text('content_type').notNullable();
      t.binary('bytes').notNullable();
      t.text('created_at').notNullable();
    },
  ],
  [
    'checkpoints',
    (t, position) => {
      t.text('name').primary();
      position('position').notNullable();
    },
  ],
  [
    'leases',
    (t) => {
      t.text('name').primary();
      t.text('holder').notNullable();
      t.bigInteger('expires_at').notNullable();
    },
  ],
  [
    // Failed logins of the last window, per account and per address, shared by every API process.
    'login_failures',
    (t) => {
      t.text('key').notNullable();
      t.bigInteger('at').notNullable();
      t.index(['key', 'at'], 'login_failures_key_at');
    },
  ],
  [
    // Links mailed to prove a mailbox or reset a password: a hash of the token, used once, expiring.
    'email_links',
    (t) => {
      t.text('token_hash').primary();
      t.text('user_id').notNullable().index();
      t.text('purpose').notNullable();
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('used_at').nullable();
    },
  ],
  [
    // Hits of rate-limited calls (registration, reset requests) per address and per mailbox.
    'rate_hits',
    (t) => {
      t.text('key').notNullable();
      t.bigInteger('at').notNullable();
      t.index(['key', 'at'], 'rate_hits_key_at');
    },
  ],
  [
    // Account and address pairs that signed in: guesses from elsewhere do not lock them out.
    'login_known_addresses',
    (t) => {
      t.text('pair').primary();
      t.bigInteger('at').notNullable();
    },
  ],
  [
    // Web Push subscriptions: one row per browser (the endpoint), several per user; a device that signs in
    // as someone else moves to them.
    'push_subscriptions',
    (t) => {
      t.text('endpoint').primary();
      t.text('user_id').notNullable().index();
      t.text('p256dh').notNullable();
      t.text('auth').notNullable();
      t.text('created_at').notNullable();
    },
  ],
  [
    // One row per notice taken for sending (`ready:<position>`…): whoever inserts it sends, nobody else.
    // `sent_at` stays empty until the push service was asked; a claim left so by a crash is sent again.
    'push_deliveries',
    (t) => {
      t.text('key').primary();
      t.bigInteger('at').notNullable();
      t.text('intent').nullable();
      t.bigInteger('sent_at').nullable().index();
    },
  ],
  [
    // Done orders waiting for their "still waiting for you" notice, due at completion + 10 minutes.
    'push_reminders',
    (t, position) => {
      t.text('order_id').primary();
      t.text('user_id').notNullable();
      position('completed_position').notNullable();
      t.bigInteger('due_at').notNullable().index();
    },
  ],
];

/** Idempotent; safe when several processes start at once (write lock on SQLite, advisory lock on PostgreSQL). */
async function createCoreTable(knex: Knex, dialect: Db['dialect'], name: string, build: Build): Promise<void> {
  const create = knex.schema.createTable(name, (t) => {
    // On SQLite an INTEGER primary key is the rowid itself: no second b-tree for positions.
    const position = (col: string) => (dialect === 'sqlite' ? t.integer(col) : t.bigInteger(col));
    build(t, position);
  });
  if (dialect === 'sqlite' && KEY_ONLY_TABLES.has(name)) {
    for (const { sql } of create.toSQL()) await knex.raw(`${sql} WITHOUT ROWID`);
  } else {
    await create;
  }
}

export async function migrateCore(db: Db): Promise<void> {
  await db.writeTransaction(async (trx) => {
    if (db.dialect === 'pg') await trx.raw('select pg_advisory_xact_lock(?, 1)', [PG_LOCK_NAMESPACE]);
    for (const [name, build] of CORE_TABLES) {
      if (!(await trx.schema.hasTable(name))) await createCoreTable(trx, db.dialect, name, build);
    }
    if (!(await trx.schema.hasColumn('event_tags', 'type'))) await addTypeToEventTags(trx, db.dialect);
    if (!(await trx.schema.hasColumn('push_deliveries', 'sent_at'))) await addSentToPushDeliveries(trx);
    if (!(await trx.schema.hasColumn('session_revocations', 'not_before_ms'))) await addMillisToRevocations(trx);
    if (!(await trx.schema.hasColumn('idempotency_bodies', 'caller_role')))
      await trx.schema.alterTable('idempotency_bodies', (t) => t.text('caller_role').nullable());
    if (!(await trx.schema.hasColumn('idempotency_bodies', 'answer'))) {
      // Keys bound before answers were kept have none: their repeats answer as before, from today's state.
      await trx.schema.alterTable('idempotency_bodies', (t) => {
        t.integer('answer_status').nullable();
        t.text('answer').nullable();
      });
    }
    if (!(await trx.schema.hasColumn('idempotency_bodies', 'repeats'))) {
      await trx.schema.alterTable('idempotency_bodies', (t) => t.integer('repeats').notNullable().defaultTo(0));
      // Keys bound before are repeats when they come again: their commands recall what the log holds.
      await trx('idempotency_bodies').update({ repeats: 1 });
    }
  });
}

/** Sign-outs kept in whole seconds covered every token of their second: so does their millisecond form. */
async function addMillisToRevocations(trx: Knex.Transaction): Promise<void> {
  await trx.schema.alterTable('session_revocations', (t) => t.bigInteger('not_before_ms').nullable());
  await trx('session_revocations').update({ not_before_ms: trx.raw('not_before * 1000 + 999') });
}

/** Claims made before a claim recorded its sending were all sent, or lost for good: mark them sent. */
async function addSentToPushDeliveries(trx: Knex.Transaction): Promise<void> {
  await trx.schema.alterTable('push_deliveries', (t) => {
    t.text('intent').nullable();
    t.bigInteger('sent_at').nullable().index();
  });
  await trx('push_deliveries').update({ sent_at: trx.ref('at') });
}

/** A log written before event_tags held the type: the index is built again with it, in the migration's transaction. */
async function addTypeToEventTags(trx: Knex.Transaction, dialect: Db['dialect']): Promise<void> {
  await trx.schema.renameTable('event_tags', 'event_tags_without_type');
  // PostgreSQL names the key after the table it was made for: free the name for the new one.
  if (dialect === 'pg') await trx.raw('ALTER INDEX event_tags_pkey RENAME TO event_tags_without_type_pkey');
  const build = CORE_TABLES.find(([n]) => n === 'event_tags')![1];
  await createCoreTable(trx, dialect, 'event_tags', build);
  await trx.raw(
    'INSERT INTO event_tags (tag, type, position) SELECT t.tag, e.type, t.position FROM event_tags_without_type t JOIN events e ON e.position = t.position',
  );
  await trx.schema.dropTable('event_tags_without_type');
}

/**
 * Creates these core tables when absent, with the definitions above: for a relay or projector started
 * on a database nobody migrated yet. Another process creating one at the same moment is no error.
 */
export async function ensureCoreTables(db: Pick<Db, 'knex' | 'dialect'>, names: readonly string[]): Promise<void> {
  for (const [name, build] of CORE_TABLES.filter(([n]) => names.includes(n))) {
    if (await db.knex.schema.hasTable(name)) continue;
    try {
      await createCoreTable(db.knex, db.dialect, name, build);
    } catch (err) {
      if (!(await db.knex.schema.hasTable(name))) throw err;
    }
  }
}
