import type { Category, Order } from '@drinks/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import {
  expectNoSeriousA11yViolations,
  newDesktopPage,
  openBrowser,
  screenshot,
  serviceUnavailable,
  settled,
} from '../support/browser.js';
import { setShop, signInWithTokens } from '../support/customer.js';
import { barista, menuIds, placeOrder, registerAndLogin, T0, uploadTumbler } from './insights-support.js';

let app: RunningApp;
let browser: Browser;
let staff: string;
let menus: Record<string, { id: string; category: string }>;
const orders: Record<string, Order> = {};

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ FAKE_NOW: T0 }), openBrowser()]);
  staff = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  await setShop(app, staff, 'cafe-open');
  menus = await menuIds(app, staff);
  const photo = await uploadTumbler(app, staff);
  const g1 = await registerAndLogin(app, 'Guest One', 'guest1@woxa.tech');
  const g2 = await registerAndLogin(app, 'Guest Two', 'guest2@woxa.tech');
  const user = (await app.login('user@woxa.tech', 'password123')).accessToken;
  orders.americano = await placeOrder(app, user, menus.Americano!.id, photo, { type: 'hot', sweetness: 0 });
  await barista(app, staff, orders.americano.id, 'in-progress');
  await barista(app, staff, orders.americano.id, 'done');
  await app.api(user, 'PATCH', `/order/${orders.americano.id}`, { status: 'picked' });
  orders.espresso = await placeOrder(app, g2, menus.Espresso!.id, photo);
  await app.api(g2, 'PATCH', `/order/${orders.espresso.id}`, { status: 'cancel' });
  orders.latte = await placeOrder(app, g1, menus.Latte!.id, photo);
  orders.mocha = await placeOrder(app, g1, menus.Mocha!.id, photo, { sweetness: 100 });
  orders.cappuccino = await placeOrder(app, g2, menus.Cappuccino!.id, photo, { type: 'hot', sweetness: 25 });
  await barista(app, staff, orders.cappuccino.id, 'in-progress');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('barista board', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newDesktopPage(browser);
    await page.clock.install();
    await signInWithTokens(page, app, 'barista@woxa.tech', '/ordering');
  });
  const boardCard = (name: string) => page.getByTestId('order-card').filter({ hasText: name });

  it('shows an order’s timeline from its card', async () => {
    await boardCard('Cappuccino').getByRole('button', { name: 'Timeline of Cappuccino' }).click();
    const dialog = page.getByRole('dialog', { name: 'Timeline · Cappuccino' });
    await dialog.getByTestId('timeline-step').nth(1).waitFor();
    const steps = await dialog.getByTestId('timeline-step').allInnerTexts();
    expect(steps.map((s) => s.split('\n')[0])).toEqual(['Placed', 'Started by Demo Barista']);
    await screenshot(page, 'insights-board-timeline');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close timeline' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('offers to set the menu inactive after an Ingredient Unavailable rejection', async () => {
    await boardCard('Mocha').getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('radio', { name: 'Ingredient Unavailable' }).check();
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const offer = page.getByRole('dialog', { name: 'Set Mocha inactive?' });
    await offer.waitFor();
    await settled(page);
    await screenshot(page, 'insights-board-set-inactive');
    await expectNoSeriousA11yViolations(page);
    await offer.getByRole('button', { name: 'Set inactive' }).click();
    await page.getByText('Mocha is now inactive.').waitFor();
    const cats = (await app.api<Category[]>(staff, 'GET', '/category')).body;
    expect(cats.flatMap((c) => c.menu).find((m) => m.name === 'Mocha')?.isActive).toBe('inactive');
  });

  it('lists drinks waiting for pick-up and flags those done over 10 minutes ago', async () => {
    await barista(app, staff, orders.latte!.id, 'in-progress');
    await barista(app, staff, orders.latte!.id, 'done');
    const section = page.getByTestId('waiting-pickup');
    const row = section.getByTestId('pickup-row').filter({ hasText: 'Latte · Guest One' });
    await row.waitFor();
    expect(await row.getByTestId('overdue-badge').count()).toBe(0);
    await page.clock.fastForward('11:00');
    await row.getByText('Done over 10 min').waitFor();
    expect(await row.innerText()).toMatch(/1[01] min ago/);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'insights-board-pickup');
    await expectNoSeriousA11yViolations(page);
  });
});

describe('admin', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newDesktopPage(browser);
    await signInWithTokens(page, app, 'admin@woxa.tech', '/dashboard-service');
  });

  it('shows the service dashboard', async () => {
    await page.getByRole('heading', { name: 'Service dashboard' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Service' }).waitFor();
    await nav.getByRole('link', { name: 'Audit log' }).waitFor();
    await nav.getByRole('link', { name: 'Menu Management' }).waitFor();
    await page.getByTestId('stat-completed').getByText('2').waitFor();
    expect(await page.getByTestId('stat-cancellations').innerText()).toContain('1');
    expect(await page.getByTestId('stat-rejected').innerText()).toContain('1');
    const reasons = page.getByTestId('rejection-reasons');
    expect(await reasons.innerText()).toMatch(/Ingredient Unavailable\s*1/);
    await page.getByTestId('wait-by-day').locator('svg').first().waitFor();
    await page.getByTestId('type-mix').waitFor();
    await page.getByTestId('sweetness-mix').waitFor();
    await page.getByRole('button', { name: 'Today' }).click();
    expect(await page.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('stat-completed').getByText('2').waitFor();
    await screenshot(page, 'insights-service-dashboard');
    await expectNoSeriousA11yViolations(page);
  });

  it("greys the previous period's figures until the chosen period answers", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stats/service?**', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.getByRole('button', { name: '7 days' }).click();
      const figures = page.getByTestId('service-figures');
      await expect.poll(() => figures.getAttribute('aria-busy')).toBe('true');
      await page.getByRole('progressbar', { name: 'Loading service statistics' }).waitFor();
      await screenshot(page, 'insights-service-dashboard-next-period');
      release();
      await expect.poll(() => figures.getAttribute('aria-busy')).toBe('false');
      expect(await page.getByRole('progressbar').count()).toBe(0);
    } finally {
      release();
      await page.unrouteAll();
    }
  });

  it('shows the timeline of a history entry', async () => {
    await page.goto(`${app.url}/history`);
    const entry = page.getByTestId('history-entry').filter({ hasText: 'Americano' });
    await entry.getByRole('button', { name: 'Timeline of Americano' }).click();
    const dialog = page.getByRole('dialog', { name: 'Timeline · Americano' });
    await dialog.getByTestId('timeline-step').nth(3).waitFor();
    expect((await dialog.getByTestId('timeline-step').allInnerTexts()).map((s) => s.split('\n')[0])).toEqual([
      'Placed',
      'Started by Demo Barista',
      'Finished',
      'Picked up',
    ]);
  });

  it('reads, filters and pages the audit log', async () => {
    await page.goto(`${app.url}/audit-log`);
    const items = page.getByTestId('audit-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(30);
    await page.getByRole('button', { name: 'Load more' }).click();
    await items.nth(30).waitFor();
    await screenshot(page, 'insights-audit-log');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Order rejected' }).click();
    await page.getByText('Nothing matches').or(items.first()).waitFor();
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().getAttribute('data-type')).toBe('OrderRejected');
    expect(await items.first().innerText()).toMatch(/Ingredient Unavailable[\s\S]*by Demo Barista/);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('combobox', { name: 'Who' }).click();
    await page.getByRole('option', { name: 'Guest Two (user)' }).click();
    // Newest first: what Guest Two did, not what was done to their orders by the barista.
    await expect
      .poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))))
      .toEqual(['OrderPlaced', 'OrderCancelled', 'OrderPlaced', 'UserEmailVerified', 'UserRegistered']);
  });

  it('keeps saying the audit log could not be loaded while it asks again', async () => {
    const admin = await newDesktopPage(browser);
    let calls = 0;
    // The first call and its three retries fail; the next one, asked when the window regains focus, hangs.
    await admin.route(
      (url) => url.pathname === '/api/audit',
      (route) => (++calls <= 4 ? serviceUnavailable(route) : undefined),
    );
    try {
      await signInWithTokens(admin, app, 'admin@woxa.tech', '/audit-log');
      const failed = admin.getByText('Could not load the audit log.');
      await failed.waitFor({ timeout: 20_000 });
      await admin.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await expect.poll(() => calls).toBe(5);
      expect(await failed.count()).toBe(1);
      expect(await admin.getByRole('progressbar').count()).toBe(0);
    } finally {
      await admin.context().close();
    }
  });
});
