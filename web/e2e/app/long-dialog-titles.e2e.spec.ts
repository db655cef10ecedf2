import { LIMITS, type Category } from '@drinks/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import {
  WIDE_NAME,
  WIDE_PERSON,
  newDesktopPage,
  newPhonePage,
  openBrowser,
  pageWidth,
  screenshot,
  settled,
} from '../support/browser.js';
import { setShop, signInWithTokens } from '../support/customer.js';
import { newCustomer, newMenu, placeCafeOrder } from '../staff/staff-support.js';

// A dialog or a notice naming a person or a drink: one word of the most letters allowed, in the widest letter.

let app: RunningApp;
let browser: Browser;
let customer: { email: string };
let wideMenu: string;
/** A cafe category of the most letters allowed, one word. */
const WIDE_CATEGORY = 'M'.repeat(LIMITS.catalogName);
beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  const barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  // The menu changes only while the shop is fully closed.
  await setShop(app, barista, 'all-close');
  const wide = await newMenu(app, barista, 'Coffee', { name: WIDE_NAME });
  wideMenu = wide;
  // The cafe menu shows the first three categories as tabs: Coffee, renamed, is the first.
  const coffee = (await app.api<Category[]>(barista, 'GET', '/category')).body.find((c) => c.name === 'Coffee')!;
  const renamed = await app.api(barista, 'PATCH', `/category/${coffee.id}`, {
    name: WIDE_CATEGORY,
    categoryFor: 'cafe',
    isAvailable: 'available',
  });
  if (renamed.status !== 200) throw new Error(`rename category: ${renamed.status}`);
  await setShop(app, barista, 'cafe-open');
  const c = await newCustomer(app, WIDE_PERSON);
  await placeCafeOrder(app, c.token, wide);
  customer = c;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The dialog's title is drawn whole inside it, and the page does not scroll sideways. */
async function expectTitleInside(page: Page, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  const title = dialog.getByRole('heading', { name: dialogName });
  await title.waitFor();
  await settled(page);
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await pageWidth(page)).toBe(390);
}

it("shows the enlarged tumbler's title whole on a phone: the customer's name wraps inside it", async () => {
  const page = await newPhonePage(browser);
  await signInWithTokens(page, app, 'barista@woxa.tech', '/ordering');
  await page.getByRole('button', { name: `Enlarge tumbler image of ${WIDE_PERSON}` }).click();
  // 'Tumbler of' and the name ran on past the dialog's edge, cut off.
  await expectTitleInside(page, `Tumbler of ${WIDE_PERSON}`);
  await screenshot(page, 'tumbler-dialog-wide-name');
  await page.context().close();
});

it("shows an order's timeline title whole on a phone: the drink's name wraps inside the sheet", async () => {
  const page = await newPhonePage(browser);
  await signInWithTokens(page, app, customer.email, '/statusOrder');
  await page.getByTestId('order-card').getByRole('button', { name: 'Timeline' }).click();
  // 'Timeline ·' and the drink ran on past the sheet's edge, cut off.
  await expectTitleInside(page, `Timeline · ${WIDE_NAME}`);
  await screenshot(page, 'timeline-sheet-wide-name');
  await page.context().close();
});

it("shows the board's new-order notice whole on a phone: the drink and the customer wrap inside it", async () => {
  const page = await newPhonePage(browser);
  await signInWithTokens(page, app, 'barista@woxa.tech', '/ordering');
  await page.getByTestId('order-card').first().waitFor();
  const late = await newCustomer(app, WIDE_PERSON);
  await placeCafeOrder(app, late.token, wideMenu);
  const notice = page.getByTestId('new-order-alert').getByText(`New order: ${WIDE_NAME} for ${WIDE_PERSON}`);
  await notice.waitFor();
  await settled(page);
  // The drink's name ran on past the notice's edge, its end cut off (the notice scrolled inside).
  expect(await notice.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await pageWidth(page)).toBe(390);
  await screenshot(page, 'new-order-notice-wide-names');
  await page.context().close();
});

it('shows a toast naming the drink and the customer whole on a phone: the words wrap inside it', async () => {
  const page = await newPhonePage(browser);
  await signInWithTokens(page, app, 'barista@woxa.tech', '/ordering');
  const leaving = await newCustomer(app, WIDE_PERSON);
  const order = await placeCafeOrder(app, leaving.token, wideMenu);
  await page.locator(`[data-order-id="${order.id}"]`).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Cancel order' }).waitFor();
  // The customer cancels while the barista picks a reason: the board says so in a toast.
  await app.api(leaving.token, 'PATCH', `/order/${order.id}`, { status: 'cancel' });
  const told = page.getByTestId('toast').getByText(`${WIDE_NAME} for ${WIDE_PERSON} is now Cancelled`);
  await told.waitFor();
  await settled(page);
  // The words ran on past the toast's edge, the customer's name cut off.
  expect(await told.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await pageWidth(page)).toBe(390);
  await screenshot(page, 'toast-wide-names');
  await page.context().close();
});

it("shows a category's name whole in its tab on the cafe menu, on a phone and a desk: the name wraps inside it", async () => {
  for (const open of [newPhonePage, newDesktopPage]) {
    const page = await open(browser);
    await signInWithTokens(page, app, customer.email, '/menuCafe');
    const tab = page.getByRole('tab', { name: WIDE_CATEGORY });
    await tab.waitFor();
    await settled(page);
    // The name ran on past both edges of its tab, centred and cut off at each end.
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await pageWidth(page)).toBe(page.viewportSize()!.width);
    await screenshot(page, `category-tab-wide-name-${page.viewportSize()!.width}`);
    await page.context().close();
  }
});
