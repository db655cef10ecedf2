import { fileURLToPath } from 'node:url';
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

describe('Friday afternoon and photo formats', () => {
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

  it('converts a HEIF photo to JPEG before upload', async () => {
    const page = await newPhonePage(browser);
    // The form itself is reachable by URL; only placing the order is refused on Friday afternoon.
    const token = await signInWithTokens(page, app, 'user@woxa.tech', '/login');
    const cats = await app.api<{ menu: { id: string; name: string }[] }[]>(token, 'GET', '/category');
    const latte = cats.body[0]!.menu.find((m) => m.name === 'Latte')!;
    await page.goto(`${app.url}/form/Latte/${latte.id}`);
    await page.getByRole('heading', { name: 'Latte' }).waitFor();
    const uploadReq = page.waitForRequest((r) => r.url().endsWith('/api/upload/image'));
    await page
      .getByTestId('tumbler-input')
      .setInputFiles(fileURLToPath(new URL('../fixtures/tumbler.heic', import.meta.url)));
    const sent = JSON.parse((await uploadReq).postData() ?? '{}') as { file: string };
    expect(sent.file.startsWith('data:image/jpeg;base64,')).toBe(true);
    await page.getByTestId('tumbler-preview').waitFor();
    await page.context().close();
  });
});
