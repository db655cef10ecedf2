import { characterCount, type Category, type Order } from '@drinks/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import { newPhonePage, openBrowser } from '../support/browser.js';
import { setShop, signInWithTokens } from '../support/customer.js';
import { catalog, menuId, newCustomer, placeCafeOrder } from '../staff/staff-support.js';

// The limits count characters as people do, as the server does: an emoji is one character, not two.

let app: RunningApp;
let browser: Browser;
let page: Page;
let barista: string;

const emoji = (n: number) => '😀'.repeat(n);

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('limits counted in characters', () => {
  it('takes a menu description of 50 emoji and says when it is over', async () => {
    await setShop(app, barista, 'all-close');
    const coffee = (await catalog(app, barista)).find((c: Category) => c.name === 'Coffee')!;
    page = await newPhonePage(browser);
    await signInWithTokens(page, app, 'barista@woxa.tech', `/add-menu/${coffee.id}`);
    await page.getByRole('textbox', { name: 'Menu name' }).fill('Smiley');
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.fill(emoji(51));
    await page.getByText('Description must be at most 50 characters.').waitFor();
    await description.fill(emoji(50));
    await page.getByText('50/50', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('menu-row').filter({ hasText: 'Smiley' }).waitFor();
    const saved = (await catalog(app, barista)).flatMap((c) => c.menu).find((m) => m.name === 'Smiley');
    expect(saved?.description).toBe(emoji(50));
    await page.close();
    await setShop(app, barista, 'cafe-open');
  });

  it('takes a remark of 50 emoji on the order form, and no 51st', async () => {
    page = await newPhonePage(browser);
    await signInWithTokens(page, app, 'user@woxa.tech', '/menuCafe');
    await page.getByTestId('menu-item').filter({ hasText: 'Americano' }).click();
    const remark = page.getByRole('textbox', { name: 'Additional' });
    await remark.fill(emoji(51));
    expect(characterCount(await remark.inputValue())).toBe(50);
    await page.getByText('50/50', { exact: true }).waitFor();
    // A letter typed at the start of a full field is refused, as maxLength would: the last emoji is not dropped for it.
    await remark.press('Home');
    await remark.press('x');
    expect(await remark.inputValue()).toBe(emoji(50));
    await page.close();
  });

  it('takes a name of 20 emoji when registering and when renaming', async () => {
    page = await newPhonePage(browser);
    await page.goto(`${app.url}/create`);
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.fill(emoji(21));
    expect(characterCount(await name.inputValue())).toBe(20);
    await page.getByText('20/20', { exact: true }).waitFor();
    await page.close();

    const person = await newCustomer(app);
    page = await newPhonePage(browser);
    await signInWithTokens(page, app, person.email, '/statusOrder');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Edit name' }).click();
    await page.getByLabel('New name:').fill(emoji(21));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Hi, ${emoji(20)}`, { exact: true }).waitFor();
    const me = await app.api<{ name: string }>(person.token, 'GET', '/user/me');
    expect(me.body.name).toBe(emoji(20));
    await page.close();
  });

  it('rejects with an Other reason of 27 emoji', async () => {
    const bob = await newCustomer(app, 'Emoji Reason');
    const order = await placeCafeOrder(app, bob.token, menuId(await catalog(app, barista), 'Americano'));
    page = await newPhonePage(browser);
    await signInWithTokens(page, app, 'barista@woxa.tech', '/ordering');
    const card = page.locator(`[data-order-id="${order.id}"]`);
    await card.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: /Cancel/ });
    await dialog.getByRole('radio', { name: 'Other' }).check();
    const other = dialog.getByRole('textbox', { name: 'Other reason' });
    await other.fill(emoji(28));
    expect(characterCount(await other.inputValue())).toBe(27);
    await dialog.getByText('27/27', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await card.waitFor({ state: 'detached' });
    const after = await app.api<Order>(barista, 'GET', `/order/${order.id}`);
    expect(after.body).toMatchObject({ status: 'rejected', reject_note: emoji(27) });
    await page.close();
  });
  it("shows an emoji a person's name begins with whole on the admin's user list", async () => {
    const smiley = await newCustomer(app, `${emoji(1)} Smiley`);
    page = await newPhonePage(browser);
    await signInWithTokens(page, app, 'admin@woxa.tech', '/userManagement');
    const row = page.getByTestId('user-row').filter({ hasText: smiley.email });
    expect(await row.locator('.MuiAvatar-root').innerText()).toBe(emoji(1));
    await page.close();
  });
});
