import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import { expectNoSeriousA11yViolations, newPhonePage, openBrowser, screenshot } from '../support/browser.js';
import { signInWithTokens } from '../support/customer.js';

let app: RunningApp;
let browser: Browser;

// Friday 20 November 2026, 13:00 in Asia/Bangkok.
beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ FAKE_NOW: '2026-11-20T06:00:00.000Z' }), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Friday afternoon', () => {
  it('shows the Friday notice and disables cafe items (admin variant)', async () => {
    const page = await newPhonePage(browser);
    await signInWithTokens(page, app, 'admin@woxa.tech', '/menuCafe-admin');
    await page.getByText('The bar is closing at 12PM on Friday.').waitFor();
    const items = page.getByTestId('menu-item');
    await items.first().waitFor();
    for (const item of await items.all()) expect(await item.getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'menu-cafe-friday');
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });

  it('refuses the cafe form up front, however it is reached', async () => {
    const page = await newPhonePage(browser);
    const token = await signInWithTokens(page, app, 'user@woxa.tech', '/login');
    const cats = await app.api<{ menu: { id: string; name: string }[] }[]>(token, 'GET', '/category');
    const latte = cats.body[0]!.menu.find((m) => m.name === 'Latte')!;
    await page.goto(`${app.url}/form/Latte/${latte.id}`);
    await page.getByTestId('order-unavailable').getByText('The bar is closing at 12PM on Friday.').waitFor();
    expect(await page.getByRole('radio', { name: 'Cold' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await screenshot(page, 'form-cafe-friday');
    await page.context().close();
  });
});
