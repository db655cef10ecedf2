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

/** Fills a new, empty log with a menu and one account per role. Does nothing otherwise. */
export async function seedDemoData(deps: AppDeps): Promise<DemoAccount[]> {
  const domain = deps.config.COMPANY_EMAIL_DOMAIN;
  const accounts: DemoAccount[] = (['user', 'barista', 'admin'] as const).map((role) => ({
    role,
    email: `${role}@${domain}`,
    password: PASSWORD,
  }));
  if ((await deps.store.head()) > 0) {
    // Not a new database: only say which demo accounts exist, if any.
    const existing = await Promise.all(accounts.map((a) => deps.credentials.findByEmail(a.email)));
    return accounts.filter((_, i) => existing[i]);
  }
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
