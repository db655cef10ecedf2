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

  it('turns an open menu and an open form to the Friday notice at 12:00, without a reload', async () => {
    // Friday 20 November 2026, 11:59:42 in Asia/Bangkok when the server starts; its clock runs on from there.
    const nearNoon = await startApp({ FAKE_NOW: '2026-11-20T04:59:42.000Z' });
    const menu = await newPhonePage(browser);
    try {
      const token = await signInWithTokens(menu, nearNoon, 'user@woxa.tech', '/menuCafe');
      const items = menu.getByTestId('menu-item');
      await items.first().waitFor();
      expect(await items.first().getAttribute('aria-disabled')).not.toBe('true');
      const cats = await nearNoon.api<{ menu: { id: string; name: string }[] }[]>(token, 'GET', '/category');
      const latte = cats.body[0]!.menu.find((m) => m.name === 'Latte')!;
      const form = await menu.context().newPage();
      await form.goto(`${nearNoon.url}/form/Latte/${latte.id}`);
      const cold = form.getByRole('radio', { name: 'Cold' });
      await cold.waitFor();
      expect(await cold.isDisabled()).toBe(false);

      // Noon passes with both screens open, untouched.
      await menu.getByText('The bar is closing at 12PM on Friday.').waitFor({ timeout: 30_000 });
      expect(await items.first().getAttribute('aria-disabled')).toBe('true');
      await form.getByTestId('order-unavailable').getByText('The bar is closing at 12PM on Friday.').waitFor();
      expect(await cold.isDisabled()).toBe(true);
      expect(await form.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    } finally {
      await menu.context().close();
      await nearNoon.stop();
    }
  });
});
