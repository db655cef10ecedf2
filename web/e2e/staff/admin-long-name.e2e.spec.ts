import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import {
  WIDE_PERSON,
  expectNoSeriousA11yViolations,
  newDesktopPage,
  newPhonePage,
  openBrowser,
  pageWidth,
  screenshot,
  textBox,
} from '../support/browser.js';
import { setShop, signInWithTokens } from '../support/customer.js';

// An admin whose name is one word of the most letters a name may have, in the widest letter.

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  const admin = (await app.login('admin@woxa.tech', 'password123')).accessToken;
  const renamed = await app.api(admin, 'PATCH', '/user', { name: WIDE_PERSON });
  if (renamed.status !== 200) throw new Error(`rename: ${renamed.status}`);
  await setShop(app, admin, 'cafe-open');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it("keeps the desk's top bar inside 1280 px, Logout on screen, the long name giving way", async () => {
  const page = await newDesktopPage(browser);
  await signInWithTokens(page, app, 'admin@woxa.tech', '/menuCafe-admin');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const logout = nav.getByRole('button', { name: 'Logout' });
  await logout.waitFor();
  await nav.getByTitle(WIDE_PERSON).waitFor();
  // The eleven entries and the greeting were laid out in one row wider than the screen: Logout ended past it.
  const box = (await logout.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  expect(await pageWidth(page)).toBe(1280);
  await screenshot(page, 'admin-wide-name-top-bar');
  await expectNoSeriousA11yViolations(page);
  // Renaming in place: the field, Save and Logout all on screen.
  await nav.getByRole('button', { name: 'Edit name' }).click();
  const save = nav.getByRole('button', { name: 'Save' });
  await save.waitFor();
  for (const control of [save, logout]) {
    const b = (await control.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(1280);
  }
  expect(await pageWidth(page)).toBe(1280);
  await page.context().close();
});

it("shows the admin's own row of User Management whole on a phone: the name wraps inside it", async () => {
  const page = await newPhonePage(browser);
  await signInWithTokens(page, app, 'admin@woxa.tech', '/userManagement');
  const own = page.getByTestId('user-row').filter({ hasText: 'admin@woxa.tech' });
  const name = own.getByText(WIDE_PERSON, { exact: true });
  await name.waitFor();
  // Not cut to 14 letters as the others are, it ran on in one line: the page was 438 px wide.
  const row = (await own.boundingBox())!;
  expect((await textBox(name)).right).toBeLessThanOrEqual(row.x + row.width);
  expect(await pageWidth(page)).toBe(390);
  await screenshot(page, 'admin-wide-name-own-row');
  await page.context().close();
});
