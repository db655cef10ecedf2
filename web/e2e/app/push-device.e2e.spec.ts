import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import { newPhonePage, openBrowser, untilInstalled } from '../support/browser.js';
import { signInWithTokens } from '../support/customer.js';
import { newCustomer } from '../staff/staff-support.js';

// Headless Chromium has no push service: this phone's pushManager is a stand-in that keeps its one
// subscription in sessionStorage (which the app's sign-out does not clear, as a browser keeps a real one)
// and counts its unsubscribes.
function fakePushManager() {
  const KEY = '__fakePush';
  const proto = PushManager.prototype as unknown as Record<string, unknown>;
  const make = (endpoint: string) => ({
    endpoint,
    expirationTime: null,
    options: {},
    toJSON: () => ({ endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }),
    unsubscribe: async () => {
      sessionStorage.removeItem(KEY);
      sessionStorage.setItem('__fakePushDropped', String(Number(sessionStorage.getItem('__fakePushDropped')) + 1));
      return true;
    },
  });
  proto.getSubscription = async () => {
    const endpoint = sessionStorage.getItem(KEY);
    return endpoint ? make(endpoint) : null;
  };
  proto.subscribe = async () => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
    sessionStorage.setItem(KEY, endpoint);
    return make(endpoint);
  };
  proto.permissionState = async () => 'granted';
}

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  page = await newPhonePage(browser);
  context = page.context();
  await context.grantPermissions(['notifications'], { origin: app.url });
  await context.addInitScript(fakePushManager);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const dropped = () => page.evaluate(() => Number(sessionStorage.getItem('__fakePushDropped')));

describe("a phone handed on: the next person does not get the last one's pushes", () => {
  it('ends the browser subscription at sign-out, and the next person is not opted in by opening My Order', async () => {
    const first = await newCustomer(app, 'First Owner');
    await signInWithTokens(page, app, first.email, '/statusOrder');
    await untilInstalled(page);
    await page.getByRole('button', { name: "Notify me when it's ready" }).click();
    await page.getByTestId('notify-on').waitFor();
    // Signed out while offline: the server never hears of it, the browser's subscription ends anyway.
    await context.setOffline(true);
    await page
      .getByRole('button', { name: /open menu|menu/i })
      .first()
      .click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/login`);
    expect(await dropped()).toBe(1);
    await context.setOffline(false);

    const second = await newCustomer(app, 'Second Owner');
    await signInWithTokens(page, app, second.email, '/statusOrder');
    await page.getByRole('button', { name: "Notify me when it's ready" }).waitFor();
    expect(await page.getByTestId('notify-on').count()).toBe(0);
  });

  it('does not take over a subscription left from someone whose session ended without a sign-out', async () => {
    const third = await newCustomer(app, 'Third Owner');
    // A subscription this browser holds, saved for nobody signed in now (their storage went with their session).
    await page.evaluate(() => sessionStorage.setItem('__fakePush', 'https://fcm.googleapis.com/fcm/send/left-over'));
    const before = await dropped();
    await signInWithTokens(page, app, third.email, '/statusOrder');
    await page.getByRole('button', { name: "Notify me when it's ready" }).waitFor();
    expect(await page.getByTestId('notify-on').count()).toBe(0);
    expect(await dropped()).toBe(before + 1);
  });
});
