import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalog, menuId, newCustomer, placeCafeOrder } from '../staff/staff-support.js';
import { startApp, type RunningApp } from '../support/app.js';
import { newPhonePage, openBrowser, screenshot } from '../support/browser.js';
import { signInWithTokens } from '../support/customer.js';

// The first customer of the day, before any order has been served: the status page still gives a range,
// from the prior, and says it is a rough guess.

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('gives the first order of the day a waiting range, marked as a rough guess', async () => {
  const barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  const customer = await newCustomer(app, 'Fiona First');
  await placeCafeOrder(app, customer.token, menuId(await catalog(app, barista), 'Latte'));
  const page = await newPhonePage(browser);
  await signInWithTokens(page, app, customer.email, '/statusOrder');
  const estimate = page.getByTestId('order-card').first().getByTestId('wait-estimate');
  await estimate.waitFor();
  expect(await estimate.innerText()).toMatch(
    /^ready in about (\d+–\d+ min|\d+ min|a minute) \(rough guess: few orders served yet\)$/,
  );
  await screenshot(page, 'insights-estimate-prior');
  await page.context().close();
});
