import { randomBytes, randomUUID } from 'node:crypto';
import { mailboxKey, PersonName } from '@drinks/contracts';
import { createCredentialStore } from '../auth/credentials.js';
import { createEmailLinks, LINK_TTL_SECONDS } from '../auth/email-links.js';
import { hashPassword } from '../auth/passwords.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/database.js';
import { runCli } from './run.js';
import { migrateCore } from '../db/migrations.js';
import { handleOwnUserCommand, registerUser } from '../domain/index.js';
import { createEventStore } from '../store/event-store.js';

// `make admin EMAIL=…` → `node services/dist/cli/make-admin.js <email>`: the operator, on the server,
// makes an account admin (and vouches for its mailbox), or creates it and prints a one-time link to
// set its password. The first admin no longer is whoever registers an ADMIN_EMAILS address first.

async function main(): Promise<void> {
  const email = (process.argv[2] ?? '').trim().toLowerCase();
  const config = loadConfig();
  const domain = config.COMPANY_EMAIL_DOMAIN.toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(email) || !email.endsWith(`@${domain}`)) {
    throw new Error(`Usage: make admin EMAIL=someone@${domain}`);
  }
  const db = await openConfiguredDatabase(config);
  await migrateCore(db);
  const store = createEventStore(db);
  const credentials = createCredentialStore(db);
  const meta = { actor: 'operator' };
  try {
    const existing = await credentials.findByEmail(email);
    if (existing) {
      const result = await handleOwnUserCommand(store, { type: 'GrantAdmin', userId: existing.userId }, meta);
      console.log(result.events.length > 0 ? `${email} is now an admin.` : `${email} was an admin already.`);
      return;
    }
    const userId = randomUUID();
    // Nobody knows this password: the link below sets the real one.
    await credentials.create(userId, email, await hashPassword(randomBytes(32).toString('base64url')));
    try {
      const name = PersonName.parse(mailboxKey(email).split('@')[0]!.slice(0, 20) || 'Admin');
      await registerUser(store, { userId, email, name, role: 'admin' }, meta);
    } catch (err) {
      await credentials.remove(userId);
      throw err;
    }
    const token = await createEmailLinks(db).issue(userId, 'reset-password');
    const base = config.APP_URL ?? `http://localhost:${config.PORT}`;
    const hours = LINK_TTL_SECONDS['reset-password'] / 3600;
    console.log(`Created admin ${email}. Set its password within ${hours} h (the link works once):`);
    console.log(`${base}/reset-password?token=${token}`);
  } finally {
    await store.close();
    await db.close();
  }
}

runCli(main);
