import { readFile } from 'node:fs/promises';
import type { Category, Order } from '@drinks/contracts';
import type { RunningApp } from '../support/app.js';
import { NEW_ACCOUNT_PASSWORD as PASSWORD } from '../support/customer.js';

// No FAKE_NOW: the server pins its command clock with it but stamps orderDate with the real time,
// so the board's "today" and the orders would disagree. Cafe orders fail on Friday from 12:00 Bangkok time.

let counter = 0;

/** Registers a fresh user and returns its access token (each person may order twice a day). */
export async function newCustomer(
  app: RunningApp,
  name?: string,
): Promise<{ token: string; name: string; email: string }> {
  counter += 1;
  const n = name ?? `Guest ${String.fromCharCode(64 + counter)}`;
  const email = `e2e-staff-${Date.now()}-${counter}@woxa.tech`;
  const r = await app.api(null, 'POST', '/auth/register', { name: n, email, password: PASSWORD });
  if (r.status !== 201) throw new Error(`register ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  await app.verifyEmail(email);
  const tokens = await app.login(email, PASSWORD);
  return { token: tokens.accessToken, name: n, email };
}

let tumbler: string | null = null;

export async function uploadTumbler(app: RunningApp, token: string): Promise<string> {
  tumbler ??= (await readFile(new URL('../fixtures/tumbler-small.jpg', import.meta.url))).toString('base64');
  const r = await app.api<{ url: string }>(token, 'POST', '/upload/image', {
    file: `data:image/jpeg;base64,${tumbler}`,
  });
  if (r.status !== 201) throw new Error(`upload: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.url;
}

export async function catalog(app: RunningApp, token: string): Promise<Category[]> {
  return (await app.api<Category[]>(token, 'GET', '/category')).body;
}

/** Creates a menu in the named category (as a barista) and returns its id. */
export async function newMenu(
  app: RunningApp,
  barista: string,
  categoryName: string,
  menu: { name: string; description?: string },
): Promise<string> {
  const category = (await catalog(app, barista)).find((c) => c.name === categoryName);
  if (!category) throw new Error(`no category ${categoryName}`);
  const body = { name: menu.name, description: menu.description ?? '', category_id: category.id };
  const r = await app.api<{ id: string }>(barista, 'POST', '/menu', body);
  if (r.status !== 201) throw new Error(`menu: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id;
}

export function menuId(categories: Category[], name: string): string {
  const m = categories.flatMap((c) => c.menu).find((x) => x.name === name);
  if (!m) throw new Error(`no menu ${name}`);
  return m.id;
}

export async function placeCafeOrder(
  app: RunningApp,
  token: string,
  menu: string,
  opts: { remark?: string; sweetness?: number; type?: 'hot' | 'cold' | 'frappe' } = {},
): Promise<Order> {
  const image = await uploadTumbler(app, token);
  const r = await app.api<Order>(token, 'POST', '/order', {
    menu_id: menu,
    type: opts.type ?? 'hot',
    sweetness: opts.sweetness ?? 50,
    remark: opts.remark ?? '',
    tumblerImage: image,
  });
  if (r.status !== 201) throw new Error(`order: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function baristaPatch(app: RunningApp, token: string, id: string, body: unknown): Promise<void> {
  const r = await app.api(token, 'PATCH', `/order/barista/${id}`, body);
  if (r.status !== 200) throw new Error(`barista patch: ${r.status} ${JSON.stringify(r.body)}`);
}

/** A bar order; `description` goes in tumblerImage, where the web client's bar form puts the item's description. */
export async function placeBarOrder(
  app: RunningApp,
  token: string,
  menu: string,
  description?: string,
): Promise<Order> {
  const body = { menu_id: menu, type: 'cold', ...(description === undefined ? {} : { tumblerImage: description }) };
  const r = await app.api<Order>(token, 'POST', '/order', body);
  if (r.status !== 201) throw new Error(`bar order: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
