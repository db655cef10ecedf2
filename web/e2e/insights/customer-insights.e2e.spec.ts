import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order } from '@drinks/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import { expectNoSeriousA11yViolations, newPhonePage, openBrowser, screenshot } from '../support/browser.js';
import { setShop, signInWithTokens, takeAlert } from '../support/customer.js';
import {
  alertCounts,
  barista,
  later,
  menuIds,
  placeOrder,
  recordAlertChannels,
  registerAndLogin,
  T0,
  uploadTumbler,
  WAIT_MINUTES,
} from './insights-support.js';

let dataDir: string;
let app: RunningApp;
let browser: Browser;
let page: Page;
let staff: string;
let user: string;
let menus: Record<string, { id: string; category: string }>;
let latte: Order;
let photo: string;

/**
 * Eight orders placed at T0 and finished WAIT_MINUTES later (a restart
 * with a later FAKE_NOW over the same data), so the wait estimate has its samples.
 */
async function seedFinishedOrders(): Promise<void> {
  app = await startApp({ DATA_DIR: dataDir, FAKE_NOW: T0 });
  staff = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  await setShop(app, staff, 'cafe-open');
  menus = await menuIds(app, staff);
  const seedPhoto = await uploadTumbler(app, staff);
  const ids: string[] = [];
  for (let i = 1; i <= 4; i++) {
    const token = await registerAndLogin(app, `Guest ${i}`, `guest${i}@woxa.tech`);
    for (let n = 0; n < 2; n++)
      ids.push(
        (await placeOrder(app, token, menus.Latte!.id, seedPhoto, { sweetness: n * 50, type: n ? 'hot' : 'cold' })).id,
      );
  }
  await app.stop();
  app = await startApp({ DATA_DIR: dataDir, FAKE_NOW: later(T0, WAIT_MINUTES) });
  staff = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  for (const id of ids) {
    await barista(app, staff, id, 'in-progress');
    await barista(app, staff, id, 'done');
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'drinks-insights-'));
  [browser] = await Promise.all([openBrowser(), seedFinishedOrders()]);
  page = await newPhonePage(browser);
  await recordAlertChannels(page);
  await page.clock.install();
  user = await signInWithTokens(page, app, 'user@woxa.tech', '/statusOrder');
  photo = await uploadTumbler(app, user);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const card = (name: string) => page.getByTestId('order-card').filter({ hasText: name });

async function orderAgainFromHistory(name: string): Promise<void> {
  await page.goto(`${app.url}/history`);
  await page
    .getByTestId('history-entry')
    .filter({ hasText: name })
    .getByRole('button', { name: `Order again: ${name}` })
    .click();
}

describe('customer insights', () => {
  it('explains an out-of-stock rejection and offers what is still available', async () => {
    const americano = await placeOrder(app, user, menus.Americano!.id, photo);
    await barista(app, staff, americano.id, 'rejected', 'Ingredient Unavailable');
    await page.goto(`${app.url}/statusOrder`);
    const box = card('Americano').getByTestId('alternatives');
    await box.getByText('Americano ran out of an ingredient').waitFor();
    await box.getByTestId('alternative').first().waitFor();
    const offered = await box.getByTestId('alternative').allInnerTexts();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.length).toBeLessThanOrEqual(5);
    expect(offered).not.toContain('Americano');
    await screenshot(page, 'insights-alternatives');
    await expectNoSeriousA11yViolations(page);
    await box.getByRole('link', { name: offered[0]! }).click();
    await page.getByRole('heading', { name: offered[0]! }).waitFor();
    expect(page.url()).toContain(`/form/${encodeURIComponent(offered[0]!)}/`);
  });

  it('shows how long the wait should be on an active order', async () => {
    latte = await placeOrder(app, user, menus.Latte!.id, photo, { type: 'cold', sweetness: 50, remark: 'less ice' });
    await page.goto(`${app.url}/statusOrder`);
    const estimate = card('Latte').getByTestId('wait-estimate');
    await estimate.waitFor();
    expect(await estimate.innerText()).toMatch(/^ready in about (\d+–\d+ min|\d+ min|a minute)$/);
    await page.getByTestId('notify-me').waitFor();
    await screenshot(page, 'insights-estimate');
    await expectNoSeriousA11yViolations(page);
  });

  it('orders the same again from history and home, and says so when the menu is out of stock', async () => {
    await orderAgainFromHistory('Americano');
    await page.getByRole('heading', { name: 'Americano' }).waitFor();
    await page.getByTestId('order-again-prefilled').waitFor();
    expect(await page.getByRole('radio', { name: 'Cold' }).isChecked()).toBe(true);

    await app.api(staff, 'PATCH', `/menu/${menus.Latte!.id}`, { isActive: 'inactive' });
    await page.goto(`${app.url}/ordered`);
    await card('Latte').getByRole('button', { name: 'Order again: Latte' }).click();
    const problem = page.getByTestId('order-again-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toBe(
      'Latte is not available right now (out of stock). Please choose another menu.',
    );
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await screenshot(page, 'insights-order-again-inactive');

    await app.api(staff, 'PATCH', `/menu/${menus.Latte!.id}`, { isActive: 'active' });
    await page.goto(`${app.url}/ordered`);
    await card('Latte').getByRole('button', { name: 'Order again: Latte' }).click();
    await page.getByTestId('order-again-prefilled').waitFor();
    expect(await page.getByRole('radio', { name: 'Cold' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: '50%', exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Additional').inputValue()).toBe('less ice');
    expect(await page.getByRole('radio', { name: 'Use my recent image' }).isChecked()).toBe(true);
    expect(await page.getByTestId('tumbler-preview').getAttribute('src')).toBe(photo);
    await screenshot(page, 'insights-order-again');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(`${app.url}/statusOrder`);
    await card('Latte').nth(1).waitFor();
    // Today's limit still applies: a third order is refused before the form shows.
    await page.goto(`${app.url}/ordered`);
    await card('Latte').first().getByRole('button', { name: 'Order again: Latte' }).click();
    expect(await takeAlert(page)).toBe('You already reached your order limit!');
  });

  it('announces a finished drink, reminds after 10 minutes, and shows the timeline', async () => {
    await page.goto(`${app.url}/statusOrder`);
    await page.getByTestId('notify-me').click();
    await page.getByTestId('notify-on').waitFor();
    await barista(app, staff, latte.id, 'in-progress');
    await barista(app, staff, latte.id, 'done');
    await page.getByText('Your drink is ready!').waitFor();
    await screenshot(page, 'insights-ready-toast');
    await expect.poll(async () => (await alertCounts(page)).notes).toEqual(['Your drink is ready!']);
    let seen = await alertCounts(page);
    expect(seen.vibrations).toBe(1);
    expect(seen.oscillators).toBeGreaterThan(0);

    await page.clock.fastForward('10:05');
    await page.getByText('Still waiting for you').waitFor();
    seen = await alertCounts(page);
    expect(seen.notes).toEqual(['Your drink is ready!', 'Still waiting for you']);
    expect(seen.vibrations).toBe(2);
    await page.clock.fastForward('15:00');
    expect((await alertCounts(page)).notes.length).toBe(2);

    const done = page.getByTestId('order-card').filter({ has: page.getByRole('button', { name: 'Pick Up' }) });
    await done.getByRole('button', { name: 'Pick Up' }).click();
    await page.getByTestId('closed-orders').getByTestId('order-card').filter({ hasText: 'less ice' }).waitFor();
    await page
      .getByTestId('closed-orders')
      .getByTestId('order-card')
      .filter({ hasText: 'less ice' })
      .getByRole('button', { name: 'Timeline of Latte' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Timeline · Latte' });
    await dialog.getByTestId('timeline-step').nth(3).waitFor();
    const steps = await dialog.getByTestId('timeline-step').allInnerTexts();
    expect(steps.map((s) => s.split('\n')[0])).toEqual([
      'Placed',
      expect.stringMatching(/^Started by /),
      'Finished',
      'Picked up',
    ]);
    expect(steps[1]).toMatch(/\d{2}:\d{2}/);
    expect(steps[1]).toMatch(/later/);
    await dialog.getByTestId('timeline-total').waitFor();
    await screenshot(page, 'insights-timeline');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close timeline' }).click();
  });

  it("orders again under the menu's new name after a rename: the form, the summary and the order say it", async () => {
    const waiting = (await app.api<Order[]>(user, 'GET', '/order/my-queue')).body;
    for (const o of waiting) await barista(app, staff, o.id, 'rejected', 'Machine Failure');
    await setShop(app, staff, 'all-close');
    expect((await app.api(staff, 'PATCH', `/menu/${menus.Americano!.id}`, { name: 'Long Black' })).status).toBe(200);
    await setShop(app, staff, 'cafe-open');
    await orderAgainFromHistory('Americano');
    await page.getByRole('heading', { name: 'Long Black', level: 1 }).waitFor();
    await page.getByRole('radio', { name: 'Hot' }).check();
    await page.getByRole('radio', { name: '50%', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    const summary = page.getByRole('dialog', { name: 'Order Summary' });
    await summary.getByText('Long Black').waitFor();
    expect(await summary.innerText()).not.toContain('Americano');
    await summary.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(`${app.url}/statusOrder`);
    await card('Long Black').waitFor();
  });
});
