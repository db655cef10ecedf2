import { randomUUID } from 'node:crypto';
import type { Area, Role } from '@drinks/contracts';
import type { AppDeps } from '../api/deps.js';
import { changeShopStatus, changeUser, createCategory, createMenu, registerUser } from '../domain/index.js';

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
}

const PASSWORD = 'password123';

const MENU: { name: string; categoryFor: Area; items: [string, string][] }[] = [
  {
    name: 'Coffee',
    categoryFor: 'cafe',
    items: [
      ['Americano', 'Espresso with hot water'],
      ['Latte', 'Espresso with steamed milk'],
      ['Cappuccino', 'Espresso, milk and foam'],
      ['Mocha', 'Espresso with chocolate and milk'],
      ['Espresso', 'A double shot'],
    ],
  },
  {
    name: 'Tea',
    categoryFor: 'cafe',
    items: [
      ['Thai Milk Tea', 'ชาเย็น, strong and sweet'],
      ['Green Tea Latte', 'Matcha with milk'],
      ['Lemon Tea', 'Black tea with lemon'],
    ],
  },
  {
    name: 'Frappe',
    categoryFor: 'cafe',
    items: [
      ['Caramel Frappe', 'Blended coffee with caramel'],
      ['Chocolate Frappe', 'Blended chocolate'],
    ],
  },
  {
    name: 'Friday Bar',
    categoryFor: 'bar',
    items: [
      ['Craft Beer', 'Local pale ale'],
      ['Lemon Soda', 'Fresh lemon and soda'],
      ['Virgin Mojito', 'Mint, lime and soda'],
    ],
  },
];

const demoAccounts = (domain: string): DemoAccount[] =>
  (['user', 'barista', 'admin'] as const).map((role) => ({ role, email: `${role}@${domain}`, password: PASSWORD }));

/**
 * The demo accounts of this database that anyone can still sign in to with the published password (enabled,
 * password unchanged): printed at start, and a warning when the server runs without DEMO_DATA.
 */
export async function openDemoAccounts(
  deps: Pick<AppDeps, 'config' | 'credentials' | 'passwords' | 'users'>,
): Promise<DemoAccount[]> {
  const open = await Promise.all(
    demoAccounts(deps.config.COMPANY_EMAIL_DOMAIN).map(async (account) => {
      const credential = await deps.credentials.findByEmail(account.email);
      if (!credential || !(await deps.passwords.verify(account.password, credential.passwordHash))) return null;
      return (await deps.users.get(credential.userId))?.isAvailable ? account : null;
    }),
  );
  return open.filter((a): a is DemoAccount => a !== null);
}

/** Fills a new, empty log with a menu and one account per role. Does nothing otherwise. */
export async function seedDemoData(deps: AppDeps): Promise<DemoAccount[]> {
  const accounts = demoAccounts(deps.config.COMPANY_EMAIL_DOMAIN);
  // Not a new database: only say which demo accounts still open with the published password.
  if ((await deps.store.head()) > 0) return openDemoAccounts(deps);
  const meta = { actor: 'seed' };
  const clock = { now: deps.clock(), timeZone: deps.config.BUSINESS_TZ };
  let last = 0;
  for (const account of accounts) {
    const userId = randomUUID();
    await deps.credentials.create(userId, account.email, await deps.passwords.hash(account.password));
    const name = account.role[0]!.toUpperCase() + account.role.slice(1);
    last = (await registerUser(deps.store, { userId, email: account.email, name: `Demo ${name}`, role: 'user' }, meta))
      .lastPosition;
    if (account.role !== 'user') {
      last = (
        await changeUser(
          deps.store,
          { actor: { id: 'seed', role: 'admin' }, userId, patch: { role: account.role } },
          meta,
        )
      ).lastPosition;
    }
  }
  last = (await changeShopStatus(deps.store, { target: 'all-close', ...clock }, meta)).lastPosition || last;
  for (const category of MENU) {
    const categoryId = randomUUID();
    await createCategory(deps.store, { categoryId, name: category.name, categoryFor: category.categoryFor }, meta);
    for (const [name, description] of category.items) {
      last = (await createMenu(deps.store, { menuId: randomUUID(), name, description, categoryId }, meta)).lastPosition;
    }
  }
  last = (await changeShopStatus(deps.store, { target: 'cafe-open', ...clock }, meta)).lastPosition || last;
  await deps.waitFor(last);
  return accounts;
}
