import { LIMITS, type Order } from '@drinks/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import {
  expectNoSeriousA11yViolations,
  newDesktopPage,
  newPhonePage,
  openBrowser,
  pageWidth,
  screenshot,
  textBox,
  WIDE_NAME,
} from '../support/browser.js';
import { setShop, signInWithTokens } from '../support/customer.js';
import { baristaPatch, catalog, menuId, newCustomer, newMenu, placeBarOrder } from '../staff/staff-support.js';

let app: RunningApp;
let browser: Browser;
let page: Page;
let customer: { token: string; email: string };
let barista: string;
/** A description of the most letters allowed, one word: nothing to break it at. */
const WIDE_DESCRIPTION = 'W'.repeat(LIMITS.description);
/** A bar category of the most letters allowed, one word. */
const WIDE_CATEGORY = 'M'.repeat(LIMITS.catalogName);

// A bar drink's description is a part of its form's address (form-bar/{menuName}/{menuId}/{description}).
beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  // The menu changes only while the shop is fully closed.
  await setShop(app, barista, 'all-close');
  await newMenu(app, barista, 'Friday Bar', { name: 'Dot Shot', description: '..' });
  await newMenu(app, barista, 'Friday Bar', { name: 'Single Dot', description: '.' });
  await newMenu(app, barista, 'Friday Bar', { name: WIDE_NAME, description: WIDE_DESCRIPTION });
  const category = await app.api(barista, 'POST', '/category', { name: WIDE_CATEGORY, categoryFor: 'bar' });
  if (category.status !== 201) throw new Error(`category: ${category.status}`);
  await setShop(app, barista, 'bar-open');
  customer = await newCustomer(app, 'Dot Lover');
  page = await newPhonePage(browser);
  await signInWithTokens(page, app, customer.email, '/menubar');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const myOrders = async () => (await app.api<Order[]>(customer.token, 'GET', '/order')).body;

describe('when a bar drink is described as "." or ".."', () => {
  it('opens its form from the menu and orders it, and Order again opens the form again', async () => {
    for (const [name, description] of [
      ['Dot Shot', '..'],
      ['Single Dot', '.'],
    ] as const) {
      await page.goto(`${app.url}/menubar`);
      await page.getByTestId('menu-item').filter({ hasText: name }).click();
      // The browser resolves a '..' or '.' segment of the address away: the form was 'Unauthorized'.
      await page.getByRole('heading', { name }).waitFor({ timeout: 10_000 });
      await page.getByText(description, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('dialog', { name: 'Order Summary' }).getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/statusOrder$/);
      const placed = (await myOrders()).find((o) => o.menu.name === name);
      expect(placed?.status).toBe('ordered');
    }
    await screenshot(page, 'bar-form-dot-description-ordered');

    // Home's cards offer Order again (as History does once an order is finished).
    await page.goto(`${app.url}/ordered-bar`);
    const card = page.getByTestId('order-card').filter({ hasText: 'Dot Shot' });
    await card.getByRole('button', { name: 'Order again' }).click();
    await page.getByRole('heading', { name: 'Dot Shot' }).waitFor({ timeout: 10_000 });
    await page.getByText('..', { exact: true }).waitFor();
    await screenshot(page, 'bar-form-dot-description-again');
  });
});

describe('a bar drink of the longest name and a one-word description of the longest length', () => {
  it('fits its form on a phone: the description wraps inside the screen, no sideways scrolling', async () => {
    const reader = await newCustomer(app, 'Long Reader');
    const phone = await newPhonePage(browser);
    try {
      await signInWithTokens(phone, app, reader.email, '/menubar');
      await phone.getByTestId('menu-item').filter({ hasText: WIDE_NAME }).click();
      await phone.getByRole('heading', { name: WIDE_NAME }).waitFor({ timeout: 10_000 });
      const description = phone.getByText(WIDE_DESCRIPTION, { exact: true });
      // It ran on in one line, 807 px wide: the page scrolled sideways.
      expect((await textBox(description)).right).toBeLessThanOrEqual(390);
      expect(await pageWidth(phone)).toBe(390);
      await screenshot(phone, 'bar-form-longest-description');
    } finally {
      await phone.context().close();
    }
  });
});

describe('a bar category of the longest name, one word', () => {
  it('shows its name whole in its tab on the bar menu, on a phone and a desk', async () => {
    for (const open of [newPhonePage, newDesktopPage]) {
      const screen = await open(browser);
      try {
        await signInWithTokens(screen, app, customer.email, '/menubar');
        const tab = screen.getByRole('tab', { name: WIDE_CATEGORY });
        await tab.waitFor();
        // The name ran past the tab's 360 px, cut off at its start and its end.
        expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        await screenshot(screen, `bar-menu-long-category-${screen.viewportSize()!.width}`);
      } finally {
        await screen.context().close();
      }
    }
  });
});

describe('a bar order on a desk screen', () => {
  it('is within reach from the bar menu: no tab bar and no My Order link there, yet it can be cancelled or picked up', async () => {
    const menus = await catalog(app, barista);
    const kim = await newCustomer(app, 'Kim Desk');
    const waiting = await placeBarOrder(app, kim.token, menuId(menus, 'Lemon Soda'), 'Fresh lemon and soda');
    const ready = await placeBarOrder(app, kim.token, menuId(menus, 'Craft Beer'), 'Local pale ale');
    await baristaPatch(app, barista, ready.id, { status: 'in-progress' });
    await baristaPatch(app, barista, ready.id, { status: 'done' });
    const desk = await newDesktopPage(browser);
    try {
      // Signed in, a customer lands on the bar menu while only the bar is open.
      await signInWithTokens(desk, app, kim.email, '/');
      await desk.waitForURL(`${app.url}/order_bar`);
      const toOrders = desk.getByRole('link', { name: 'Order status' });
      await toOrders.waitFor();
      await screenshot(desk, 'bar-menu-desk-drinks-on-order');
      await expectNoSeriousA11yViolations(desk);
      await toOrders.click();
      const card = (name: string) => desk.getByTestId('order-card').filter({ hasText: name });
      await card('Lemon Soda').getByRole('button', { name: 'Cancel' }).click();
      await desk.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await card('Craft Beer').getByRole('button', { name: 'Pick Up' }).click();
      await card('Craft Beer').getByRole('button', { name: 'Pick Up' }).waitFor({ state: 'detached' });
      const status = async (o: Order) => (await app.api<Order>(kim.token, 'GET', `/order/${o.id}`)).body.status;
      expect(await status(waiting)).toBe('cancel');
      expect(await status(ready)).toBe('picked');
    } finally {
      await desk.context().close();
    }
  });
});
