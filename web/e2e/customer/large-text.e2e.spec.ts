import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import {
  PHONE_SIZES,
  expectNoSeriousA11yViolations,
  newPhonePage,
  openBrowser,
  pageWidth,
  screenshot,
  settled,
  wordsBrokenAcrossLines,
} from '../support/browser.js';
import { signInWithTokens } from '../support/customer.js';
import { baristaPatch, catalog, menuId, newCustomer, placeCafeOrder } from '../staff/staff-support.js';

let app: RunningApp;
let browser: Browser;
let barista: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A phone set to large text, as the phone audit emulated it: the app sizes its text in rem. */
const setTextSize = (page: Page, percent: number) =>
  page.evaluate((p) => (document.documentElement.style.fontSize = `${p}%`), percent);

/** Each of `labels` is drawn whole: no word broken across lines, nothing spilling out of its own box. */
async function expectWhole(labels: Locator, what: string) {
  for (const label of await labels.all()) {
    const text = await label.innerText();
    expect(await wordsBrokenAcrossLines(label), `${what} "${text}" broken inside a word`).toEqual([]);
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), `${what} "${text}" spills`).toBe(true);
  }
}

/** No two of the boxes overlap: labels side by side each keep to their own room. */
async function expectApart(labels: Locator, what: string) {
  const boxes = await Promise.all((await labels.all()).map(async (l) => (await l.boundingBox())!));
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) {
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `${what} overlap`).toBe(true);
    }
}

describe('when the phone is set to large text', () => {
  it('keeps the order tracker and the tab labels in whole words on a 320 px phone at 200 %, without sideways scrolling', async () => {
    const guest = await newCustomer(app, 'Large Text');
    const order = await placeCafeOrder(app, guest.token, menuId(await catalog(app, guest.token), 'Latte'));
    await baristaPatch(app, barista, order.id, { status: 'in-progress' });
    const phone = await newPhonePage(browser, { width: 320, height: 640 });
    try {
      await signInWithTokens(phone, app, guest.email, '/statusOrder');
      const tracker = phone.locator(`[data-order-id="${order.id}"]`).getByTestId('tracker');
      await tracker.and(phone.locator('[data-step="1"]')).waitFor();
      await setTextSize(phone, 200);
      await settled(phone);
      await screenshot(phone, 'status-order-320-text-200');
      const tabs = phone.getByTestId('bottom-tab-bar');
      const tabLabels = tabs.locator('.MuiBottomNavigationAction-label');
      expect(await tabLabels.allInnerTexts()).toEqual(['Home', 'Menu', 'Order status']);
      await expectWhole(tabLabels, 'tab');
      await expectApart(tabLabels, 'tabs');
      const bar = (await tabs.boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual(640);

      // Scrolled down to it (the tab bar slides away meanwhile).
      await tracker.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await settled(phone);
      await screenshot(phone, 'status-order-320-text-200-tracker');
      const steps = tracker.locator('.MuiStepLabel-label');
      expect(await steps.allInnerTexts()).toEqual(['Waiting', 'In progress', 'Finished']);
      await expectWhole(steps, 'step');
      await expectApart(steps, 'steps');
      expect(await pageWidth(phone)).toBeLessThanOrEqual(320);
      await expectNoSeriousA11yViolations(phone);
    } finally {
      await phone.context().close();
      await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Test over' });
    }
  });

  it('keeps the tracker side by side at normal text on a 390 and a 320 px phone', async () => {
    const guest = await newCustomer(app, 'Normal Text');
    const order = await placeCafeOrder(app, guest.token, menuId(await catalog(app, guest.token), 'Latte'));
    const phone = await newPhonePage(browser);
    try {
      await signInWithTokens(phone, app, guest.email, '/statusOrder');
      const steps = phone
        .locator(`[data-order-id="${order.id}"]`)
        .getByTestId('tracker')
        .locator('.MuiStepLabel-label');
      await steps.first().waitFor();
      for (const size of PHONE_SIZES) {
        await phone.setViewportSize(size);
        await settled(phone);
        const tops = await Promise.all((await steps.all()).map(async (s) => (await s.boundingBox())!.y));
        expect(new Set(tops).size, `one row at ${size.width}`).toBe(1);
        await expectWhole(steps, 'step');
        await expectApart(steps, 'steps');
        expect(await pageWidth(phone)).toBeLessThanOrEqual(size.width);
        await screenshot(phone, `status-order-${size.width}-text-100`);
      }
    } finally {
      await phone.context().close();
      await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Test over' });
    }
  });
});
