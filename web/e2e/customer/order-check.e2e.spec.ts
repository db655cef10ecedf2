import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import { newPhonePage, openBrowser } from '../support/browser.js';
import { signInWithTokens, takeAlert } from '../support/customer.js';

// customer-side.md: "Next is enabled only when type and sweetness are chosen and a tumbler image exists …
// Submitting invalid shows alert 'please check your order'."

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  page = await newPhonePage(browser);
  await signInWithTokens(page, app, 'user@woxa.tech', '/menuCafe');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('an order form sent unfinished', () => {
  it("says 'please check your order' when Enter sends it with Next still disabled, and the person goes on", async () => {
    await page.getByTestId('menu-item').filter({ hasText: 'Americano' }).click();
    await page.getByRole('heading', { name: 'Americano' }).waitFor();
    const remark = page.getByRole('textbox', { name: 'Additional' });
    await remark.fill('less ice');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await remark.press('Enter');
    expect(await takeAlert(page)).toBe('please check your order');
    // Nothing of the draft is lost, and no summary opened.
    expect(await remark.inputValue()).toBe('less ice');
    expect(await page.getByRole('dialog', { name: 'Order Summary' }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Hot' }).check();
    await page.getByRole('radio', { name: '50%', exact: true }).press('Enter');
    expect(await takeAlert(page)).toBe('please check your order');
  });
});
