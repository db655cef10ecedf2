import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Category, Order } from '@drinks/contracts';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import {
  PHONE_SIZES,
  WIDE_NAME,
  expectNoSeriousA11yViolations,
  newPhonePage,
  openBrowser,
  pageWidth,
  screenshot,
  failCalls,
  settled,
} from '../support/browser.js';
import { setShop, signInWithTokens, takeAlert } from '../support/customer.js';
import { baristaPatch, catalog, menuId, newCustomer, newMenu, placeCafeOrder } from '../staff/staff-support.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

let app: RunningApp;
let browser: Browser;
let page: Page;
let barista: string;
let userToken: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  page = await newPhonePage(browser);
  userToken = await signInWithTokens(page, app, 'user@woxa.tech', '/menuCafe');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openForm(name: string) {
  await page.goto(`${app.url}/menuCafe`);
  await page.getByTestId('menu-item').filter({ hasText: name }).click();
  await page.getByRole('heading', { name }).waitFor();
}

async function fillAndPlace() {
  await page.getByRole('radio', { name: 'Cold' }).check();
  await page.getByRole('radio', { name: '50%', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Order Summary' }).waitFor();
  const before = (await myOrders()).length;
  const place = page.getByRole('button', { name: 'Place order' });
  await place.click();
  await page.getByText('Order Placed Successfully!').waitFor();
  await page.getByText('You can check your order status at My Order').waitFor();
  // A second tap in the 2 s before the app leaves the form places nothing.
  expect(await place.isDisabled()).toBe(true);
  await place.click({ force: true, timeout: 1000 }).catch(() => undefined);
  await page.waitForURL(`${app.url}/statusOrder`);
  expect((await myOrders()).length).toBe(before + 1);
}

const myOrders = async () => (await app.api<Order[]>(userToken, 'GET', '/order')).body;
const setStatus = (id: string, body: object) => app.api(barista, 'PATCH', `/order/barista/${id}`, body);
/**
 * A new customer's Latte in progress, alone in the queue of an open cafe: every other waiting or started order
 * is rejected, since the shop changes status only with an empty queue.
 */
async function latteInProgressAlone(name: string) {
  const open = (await app.api<Order[]>(barista, 'GET', '/order?status=ordered,in-progress')).body;
  for (const o of open) await setStatus(o.id, { status: 'rejected', reject_note: 'The shop is closing' });
  await setShop(app, barista, 'cafe-open');
  const customer = await newCustomer(app, name);
  const order = await placeCafeOrder(app, customer.token, menuId(await catalog(app, barista), 'Latte'));
  await setStatus(order.id, { status: 'in-progress' });
  return { customer, order };
}
/** The tab the phone's tab bar shows as the current screen's. */
const currentTab = () => page.getByTestId('bottom-tab-bar').locator('[aria-current="page"]').innerText();

describe('ordering a cafe drink', () => {
  it('shows the menu with tabs and the order count', async () => {
    await page.getByRole('tab', { name: 'Coffee' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(3);
    expect(await page.getByTestId('ordered-count').innerText()).toBe('Ordered 0/2');
    await page.getByTestId('bottom-tab-bar').waitFor();
    await screenshot(page, 'menu-cafe');
    await expectNoSeriousA11yViolations(page);

    // Back from a drink of the second tab shows that tab again, not the first.
    await page.getByRole('tab', { name: 'Tea' }).click();
    await page.getByTestId('menu-item').filter({ hasText: 'Lemon Tea' }).click();
    await page.getByRole('heading', { name: 'Lemon Tea' }).waitFor();
    await page.goBack();
    await page.getByTestId('menu-item').filter({ hasText: 'Lemon Tea' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Tea' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Coffee' }).click();
  });

  it('opens a drink double-tapped once: Back from its form is the menu', async () => {
    await page.goto(`${app.url}/menuCafe`);
    await page.getByTestId('menu-item').filter({ hasText: 'Latte' }).dblclick();
    await page.getByRole('heading', { name: 'Latte' }).waitFor();
    await page.goBack();
    await page.waitForURL(`${app.url}/menuCafe`);
    await page.getByTestId('menu-item').first().waitFor();
  });

  it('takes a keyboard user from a drink on the menu to the heading of its form, not the top of the page', async () => {
    await page.goto(`${app.url}/menuCafe`);
    await page.getByTestId('menu-item').filter({ hasText: 'Latte' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Latte' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`))
      .toBe('H1 Latte');
    // The next Tab goes on into the form from there.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  it('forgets a recent tumbler image the server no longer has and asks for a new one', async () => {
    const sam = await newCustomer(app, 'Sam Recent');
    const phone = await newPhonePage(browser, undefined, { serviceWorkers: 'block' });
    try {
      await signInWithTokens(phone, app, sam.email, '/menuCafe');
      // What the last order's photo leaves behind, after the server's data was reset.
      const gone = '/api/images/0123456789abcdef0123456789abcdef.jpg';
      await phone.evaluate((url) => localStorage.setItem('favOrder', url), gone);
      // With the server out of reach the image does not load either: that is no reason to forget it.
      await phone.route('**/api/images/**', (route) => route.abort('connectionrefused'));
      await phone.getByTestId('menu-item').filter({ hasText: 'Americano' }).click();
      await phone.getByRole('heading', { name: 'Americano' }).waitFor();
      await phone.waitForTimeout(1000);
      expect(await phone.getByRole('radio', { name: 'Use my recent image' }).isChecked()).toBe(true);
      expect(await phone.evaluate(() => localStorage.getItem('favOrder'))).toBe(gone);
      await phone.unroute('**/api/images/**');
      await phone.goBack();
      await phone.getByTestId('menu-item').filter({ hasText: 'Americano' }).click();
      await phone.getByRole('heading', { name: 'Americano' }).waitFor();
      await phone.getByText('Your recent image is no longer on the server. Please upload a new one.').waitFor();
      expect(await phone.getByRole('radio', { name: 'Use my recent image' }).count()).toBe(0);
      expect(await phone.getByTestId('tumbler-preview').count()).toBe(0);
      expect(await phone.evaluate(() => localStorage.getItem('favOrder'))).toBeNull();
      await screenshot(phone, 'order-form-recent-image-gone');
      await phone.getByTestId('tumbler-input').setInputFiles(fixture('tumbler-small.jpg'));
      await phone.getByTestId('tumbler-preview').waitFor({ timeout: 30_000 });
      await phone
        .getByText('Your recent image is no longer on the server.', { exact: false })
        .waitFor({ state: 'hidden' });
    } finally {
      await phone.context().close();
    }
  });

  it("closes the Order Summary on the phone's Back, keeping the form as it was filled", async () => {
    // A customer of their own: the shared one may be at the day's limit by now.
    const pat = await newCustomer(app, 'Pat Back');
    const phone = await newPhonePage(browser, undefined, { serviceWorkers: 'block' });
    try {
      await signInWithTokens(phone, app, pat.email, '/menuCafe');
      await phone.getByTestId('menu-item').filter({ hasText: 'Americano' }).click();
      await phone.getByRole('heading', { name: 'Americano' }).waitFor();
      await phone.getByTestId('tumbler-input').setInputFiles(fixture('tumbler-small.jpg'));
      await phone.getByTestId('tumbler-preview').waitFor({ timeout: 30_000 });
      await phone.getByRole('radio', { name: 'Hot' }).check();
      await phone.getByRole('radio', { name: '75%', exact: true }).check();
      await phone.getByRole('button', { name: 'Next' }).click();
      const summary = phone.getByRole('dialog', { name: 'Order Summary' });
      await summary.waitFor();
      await phone.goBack();
      await summary.waitFor({ state: 'hidden' });
      expect(new URL(phone.url()).pathname).toMatch(/^\/form\/Americano\//);
      expect(await phone.getByRole('radio', { name: 'Hot' }).isChecked()).toBe(true);
      expect(await phone.getByRole('radio', { name: '75%', exact: true }).isChecked()).toBe(true);
      await phone.getByTestId('tumbler-preview').waitFor();
      // Next opens it again, and Edit closes it the same way: one Back then leaves the form for the menu.
      await phone.getByRole('button', { name: 'Next' }).click();
      await summary.getByRole('button', { name: 'Edit' }).click();
      await summary.waitFor({ state: 'hidden' });
      // Back while it is being placed, and then a refusal that keeps the person on the form: the summary's
      // step is taken once, by Back, and the form stays (a second step back left for the menu).
      await phone.getByRole('button', { name: 'Next' }).click();
      // The placing only (a list's GET /api/order may pass meanwhile), and only once.
      let refused = false;
      await phone.route('**/api/order', async (route) => {
        if (route.request().method() !== 'POST' || refused) return route.fallback();
        refused = true;
        await new Promise((r) => setTimeout(r, 800));
        await route.fulfill({
          status: 409,
          contentType: 'application/problem+json',
          body: JSON.stringify({ status: 409, code: 'NOT_AT_OFFICE', detail: 'Come to the office first.', errors: [] }),
        });
      });
      await summary.getByRole('button', { name: 'Place order' }).click();
      await phone.goBack();
      await summary.waitFor({ state: 'hidden' });
      await takeAlert(phone);
      await phone.waitForTimeout(500);
      expect(new URL(phone.url()).pathname).toMatch(/^\/form\/Americano\//);
      expect(await phone.getByRole('radio', { name: 'Hot' }).isChecked()).toBe(true);
      // A reload with the summary open keeps the choices (it once showed an empty, placeable draft): the
      // summary shows them again, and Edit goes back to the form as it was filled.
      await phone.getByRole('button', { name: 'Next' }).click();
      await summary.waitFor();
      await phone.reload();
      await summary.waitFor();
      expect(await summary.innerText()).toMatch(/Hot[\s\S]*75%/);
      await summary.getByRole('button', { name: 'Edit' }).click();
      await summary.waitFor({ state: 'hidden' });
      expect(await phone.getByRole('radio', { name: 'Hot' }).isChecked()).toBe(true);
      await phone.getByTestId('tumbler-preview').waitFor();
      expect(await phone.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false);
      await phone.goBack();
      await phone.waitForURL(`${app.url}/menuCafe`);
    } finally {
      await phone.context().close();
      // Nothing of this customer's may stay in the queue ahead of the next tests' orders.
      for (const o of (await app.api<Order[]>(pat.token, 'GET', '/order')).body)
        if (o.status === 'ordered') await setStatus(o.id, { status: 'rejected', reject_note: 'Machine Failure' });
    }
  });

  it('converts a HEIF photo to JPEG before upload', async () => {
    await openForm('Latte');
    const uploadReq = page.waitForRequest((r) => r.url().endsWith('/api/upload/image'));
    await page.getByTestId('tumbler-input').setInputFiles(fixture('tumbler.heic'));
    const sent = JSON.parse((await uploadReq).postData() ?? '{}') as { file: string };
    expect(sent.file.startsWith('data:image/jpeg;base64,')).toBe(true);
    await page.getByTestId('tumbler-preview').waitFor();
  });

  it('orders with a photo, then follows the queue and tracker live to pick-up', async () => {
    await openForm('Latte');
    // The spec's '(Require)' marks an unchosen type and sweetness; the photo, needed for Next too, says so in its own word.
    const marks = page.getByText('(Require)', { exact: true });
    expect(await marks.count()).toBe(2);
    await page
      .getByRole('group', { name: /Tumbler image/ })
      .getByText('(Required)')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Additional').getAttribute('placeholder')).toBe(
      'Please enter text (up to 50 characters)',
    );
    await page.getByLabel('Additional').fill('less ice please');

    await page.getByTestId('tumbler-input').setInputFiles(fixture('too-big.jpg'));
    expect(await takeAlert(page)).toBe('File must be smaller than 5 MB');
    // A good photo whose upload gets no answer: the connection is named, not the photo.
    await page.route('**/api/upload/image', (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.getByTestId('tumbler-input').setInputFiles(fixture('tumbler-small.jpg'));
    expect(await takeAlert(page)).toBe('The photo could not be sent: there is no connection. Please try again.');
    const uploadReq = page.waitForRequest((r) => r.url().endsWith('/api/upload/image'));
    await page.getByTestId('tumbler-input').setInputFiles(fixture('tumbler.jpg'));
    const sent = JSON.parse((await uploadReq).postData() ?? '{}') as { file: string };
    expect(sent.file.startsWith('data:image/jpeg;base64,')).toBe(true);
    // The 2.4 MB photo was compressed to between 80% and 100% of 1 MB before upload.
    const bytes = Buffer.from(sent.file.split(',')[1]!, 'base64').length;
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(bytes).toBeGreaterThan(0.5 * 1024 * 1024);
    await page.getByTestId('tumbler-preview').waitFor({ timeout: 30_000 });
    await screenshot(page, 'order-form');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('radio', { name: 'Cold' }).check();
    await expect.poll(() => marks.count()).toBe(1);
    await page.getByRole('radio', { name: '50%', exact: true }).check();
    await expect.poll(() => marks.count()).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();
    const summary = page.getByRole('dialog', { name: 'Order Summary' });
    await summary.getByText('over 5 minutes').waitFor();
    await screenshot(page, 'order-summary');
    await summary.getByRole('button', { name: 'Edit' }).click();
    await summary.waitFor({ state: 'hidden' });
    // A small phone: both the form and the status page are longer than the screen.
    await page.setViewportSize({ width: 390, height: 420 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Order Placed Successfully!').waitFor();
    await page.waitForURL(`${app.url}/statusOrder`);
    // The status page opens at its top, whatever the form's scroll was.
    await page.getByRole('heading', { name: 'My Order' }).waitFor();
    await page.getByTestId('order-card').first().waitFor();
    expect(await page.evaluate(() => document.body.scrollHeight)).toBeGreaterThan(420);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => localStorage.getItem('favOrder'))).toMatch(/images/);

    const [order] = await myOrders();
    expect(order!.remark).toBe('less ice please');
    expect(order!.tumblerImage).toBeTruthy();
    const img = await fetch(`${app.url}${order!.tumblerImage!.replace(/^https?:\/\/[^/]+/, '')}`);
    expect(img.status).toBe(200);

    const card = page.getByTestId('order-card').first();
    await card.getByText('It is your turn!').waitFor();
    expect(await card.getByTestId('tracker').getAttribute('data-step')).toBe('0');
    await screenshot(page, 'status-order-waiting');
    await expectNoSeriousA11yViolations(page);
    // A phone set to large text: the drink's name grows with it (it was fixed at 18 px).
    const nameSize = (rootSize: string) =>
      card
        .locator('h2, h3')
        .first()
        .evaluate((el, size) => {
          document.documentElement.style.fontSize = size;
          return getComputedStyle(el).fontSize;
        }, rootSize);
    expect(await nameSize('32px')).toBe('36px');
    expect(await nameSize('')).toBe('18px');

    expect((await setStatus(order!.id, { status: 'in-progress' })).status).toBe(200);
    await card.locator('[data-step="1"]').waitFor();
    // A screen reader hears the start as the tracker shows it.
    await page.getByRole('status').filter({ hasText: 'The barista has started your Latte.' }).waitFor();
    expect((await setStatus(order!.id, { status: 'done' })).status).toBe(200);
    await card.getByText('Click "Pick Up" after take your cup').waitFor();
    // The long message beside it does not squeeze the time onto two lines ("10:0" over "1").
    const timeLines = await card.locator('time').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getClientRects().length;
    });
    expect(timeLines).toBe(1);
    const ready = page.getByText('Your drink is ready!');
    await ready.waitFor();
    await screenshot(page, 'status-order-done');
    await card.getByRole('button', { name: 'Pick Up' }).click();
    await page.getByRole('heading', { name: 'Picked and Canceled' }).waitFor();
    await page.getByTestId('closed-orders').getByText('picked').waitFor();
    // Picked up: the "ready" notice (30 s on screen otherwise) is taken back.
    await ready.waitFor({ state: 'hidden', timeout: 5000 });
  });

  it('reuses the recent photo, shows the queue number, and cancels with confirmation', async () => {
    // Someone else is ahead in the queue.
    const admin = (await app.login('admin@woxa.tech', 'password123')).accessToken;
    const upload = await app.api<{ url: string }>(admin, 'POST', '/upload/image', {
      file: `data:image/jpeg;base64,${Buffer.from(await (await import('node:fs/promises')).readFile(fixture('tumbler-small.jpg'))).toString('base64')}`,
    });
    const ahead = await app.api<Order>(admin, 'POST', '/order', {
      menu_id: (
        await app.api<{ menu: { id: string; name: string }[]; categoryFor: string }[]>(admin, 'GET', '/category')
      ).body[0]!.menu[0]!.id,
      type: 'hot',
      sweetness: 0,
      remark: '',
      tumblerImage: upload.body.url,
    });
    expect(ahead.status).toBe(201);

    await openForm('Mocha');
    await page.getByRole('radio', { name: 'Use my recent image' }).waitFor();
    // A type is found by its name alone, as a person (or a test) would look for it: no other control's
    // label holds 'hot' ('…recent photo' did, so a lookup of 'Hot' found three radios).
    for (const type of ['Hot', 'Cold', 'Frappe']) {
      expect(await page.getByRole('radio', { name: type }).count(), type).toBe(1);
      expect(await page.getByLabel(type).count(), type).toBe(1);
    }
    await fillAndPlace();
    const card = page.getByTestId('active-orders').getByTestId('order-card').first();
    await card.getByText('Queue no: 1').waitFor();
    await setStatus(ahead.body.id, { status: 'rejected', reject_note: 'Machine Failure' });
    await card.getByText('It is your turn!').waitFor();

    await card.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'You want to cancel Mocha?' });
    await dialog.getByText('Click confirm to cancel').waitFor();
    await screenshot(page, 'cancel-dialog');
    await expectNoSeriousA11yViolations(page);
    // A phone's Back closes the dialog and stays on the page; so does Close.
    const at = page.url();
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(at);
    await card.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(at);
    await card.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('closed-orders').getByText('Canceled').first().waitFor();
    // The Cancel button left with the order: focus is on the cancelled order's name, not the top of the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Mocha');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="closed-orders"]'))).toBe(true);
    await screenshot(page, 'status-order-history');
  });

  it('closes the cancel dialog when the barista starts the order meanwhile', async () => {
    const photo = await readFile(fixture('tumbler-small.jpg'));
    const upload = await app.api<{ url: string }>(userToken, 'POST', '/upload/image', {
      file: `data:image/jpeg;base64,${photo.toString('base64')}`,
    });
    const categories = (await app.api<Category[]>(userToken, 'GET', '/category')).body;
    const latte = categories.flatMap((c) => c.menu).find((m) => m.name === 'Latte')!;
    const placed = await app.api<Order>(userToken, 'POST', '/order', {
      menu_id: latte.id,
      type: 'hot',
      sweetness: 50,
      remark: '',
      tumblerImage: upload.body.url,
    });
    expect(placed.status).toBe(201);
    await page.goto(`${app.url}/statusOrder`);
    const card = page.locator(`[data-order-id="${placed.body.id}"]`);
    await card.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'You want to cancel Latte?' });
    await dialog.waitFor();
    await setStatus(placed.body.id, { status: 'in-progress' });
    // The dialog offered what can no longer be done: it goes, and the card says where the order is.
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'detached' });
    expect(await card.getAttribute('data-status')).toBe('in-progress');
    await setStatus(placed.body.id, { status: 'rejected', reject_note: 'Machine Failure' });
  });

  /**
   * A waiting Latte of a new customer on a phone without a service worker (the dialog's code is not in a cache,
   * and comes from the server or not at all), its status page open with Cancel showing; `act` gets both.
   */
  async function onStatusPageWithoutWorker(name: string, act: (phone: Page, card: Locator) => Promise<void>) {
    const guest = await newCustomer(app, name);
    const order = await placeCafeOrder(app, guest.token, menuId(await catalog(app, guest.token), 'Latte'));
    const phone = await newPhonePage(browser, undefined, { serviceWorkers: 'block' });
    try {
      await signInWithTokens(phone, app, guest.email, '/statusOrder');
      const card = phone.locator(`[data-order-id="${order.id}"]`);
      await card.getByRole('button', { name: 'Cancel' }).waitFor();
      await act(phone, card);
      await phone.getByRole('dialog', { name: 'You want to cancel Latte?' }).waitFor({ timeout: 10_000 });
      expect(await phone.getByText('Sorry, something went wrong').count()).toBe(0);
      await phone.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    } finally {
      await phone.context().close();
      await setStatus(order.id, { status: 'rejected', reject_note: 'Machine Failure' });
    }
  }

  it('opens the cancel dialog once the server is back when Cancel was tapped while it was down, not the error page', async () => {
    await onStatusPageWithoutWorker('Kim Down', async (phone, card) => {
      // The server down, the phone's network up: neither the dialog's code nor the health check answers.
      const down = (route: Route) => route.abort('connectionrefused');
      await phone.route(/\/assets\/cancel-dialog-[^/]+\.js$/, down);
      await phone.route('**/api/healthz', down);
      await card.getByRole('button', { name: 'Cancel' }).click();
      await phone.getByText('The server cannot be reached').first().waitFor();
      await phone.waitForTimeout(1500);
      expect(await phone.getByText('Sorry, something went wrong').count()).toBe(0);
      await phone.unroute(/\/assets\/cancel-dialog-[^/]+\.js$/);
      await phone.unroute('**/api/healthz');
    });
  });

  it('loads the new version when a screen part is gone after a deploy, instead of the error page', async () => {
    await onStatusPageWithoutWorker('Lou Deploy', async (phone, card) => {
      // The server has only the new build's parts: the old name is a 404.
      await phone.route(/\/assets\/cancel-dialog-[^/]+\.js$/, (route) => route.fulfill({ status: 404 }), { times: 1 });
      const reloaded = phone.waitForEvent('load');
      await card.getByRole('button', { name: 'Cancel' }).click();
      await reloaded;
      await card.getByRole('button', { name: 'Cancel' }).click();
    });
  });

  it('counts the new day after midnight on a menu left open: "Ordered 2/2" becomes "Ordered 0/2"', async () => {
    // Thursday 26 November 2026, 23:59:30 in Asia/Bangkok when this server starts; its clock runs on.
    const night = await startApp({ FAKE_NOW: '2026-11-26T16:59:30.000Z' });
    const phone = await newPhonePage(browser);
    try {
      const staff = (await night.login('barista@woxa.tech', 'password123')).accessToken;
      await setShop(night, staff, 'cafe-open');
      const owl = await newCustomer(night, 'Owl Night');
      const nightMenus = await catalog(night, owl.token);
      for (const drink of ['Latte', 'Mocha']) await placeCafeOrder(night, owl.token, menuId(nightMenus, drink));
      await signInWithTokens(phone, night, owl.email, '/menuCafe');
      await phone.getByText('Ordered 2/2').waitFor();
      const counted = async () =>
        (await night.api<{ totalOrder: number }>(owl.token, 'GET', '/order/count/user')).body.totalOrder;
      await expect.poll(counted, { timeout: 40_000, interval: 1000 }).toBe(0);
      // The phone looks at the day again when it is looked at (or within half a minute).
      await phone.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await phone.getByText('Ordered 0/2').waitFor({ timeout: 10_000 });
      await screenshot(phone, 'menu-after-midnight');
    } finally {
      await phone.context().close();
      await night.stop();
    }
  });

  it('shows home with drinks left, and refuses a third order at the limit', async () => {
    await page.goto(`${app.url}/ordered`);
    await page.getByTestId('drinks-left').getByText('You have 1 drink left to be treated').waitFor();
    expect(await page.getByTestId('home-message').getAttribute('lang')).toBe('th');
    // Today's drinks so far are picked up or cancelled: none is in progress, but there were orders.
    await page.getByText('Nothing in progress.').waitFor();
    // The season's background reaches the bottom of the page: no blank strip under it.
    const strip = await page.evaluate(() => {
      const box = document.querySelector('[data-season]')!.getBoundingClientRect();
      return document.documentElement.scrollHeight - (box.bottom + window.scrollY);
    });
    expect(strip).toBeLessThanOrEqual(1);
    await screenshot(page, 'home');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Order now' }).click();
    await page.waitForURL(`${app.url}/menuCafe`);
    await openForm('Americano');
    await page.getByRole('radio', { name: 'Use my recent image' }).waitFor();
    await fillAndPlace();
    await page.goto(`${app.url}/menuCafe`);
    const count = page.getByTestId('ordered-count');
    await count.getByText('Ordered 2/2').waitFor();
    expect(await count.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(179, 38, 30)');
    await page.getByTestId('menu-item').filter({ hasText: 'Latte' }).click();
    expect(await takeAlert(page)).toBe('You already reached your order limit!');
    expect(page.url()).toBe(`${app.url}/menuCafe`);
  });

  it('shows the bar notice and orders a bar drink', async () => {
    // Free the limit: the barista rejects the open order.
    const open = (await myOrders()).filter((o) => o.status === 'ordered');
    for (const o of open) await setStatus(o.id, { status: 'rejected', reject_note: 'The shop is closing' });
    await setShop(app, barista, 'bar-open');
    // The bar's menu is also reached at /order_bar (where the live switch sends people): its tab is lit there too.
    await page.goto(`${app.url}/order_bar`);
    await page.getByTestId('menu-item').first().waitFor();
    await expect.poll(currentTab).toBe('Menu');
    await page.goto(`${app.url}/menubar`);
    const notice = page.getByTestId('bar-notice');
    await notice.getByText('cocktail glass 100 THB, shot glass 80 THB', { exact: false }).waitFor();
    await screenshot(page, 'menu-bar-notice');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Dismiss notice' }).click();
    expect(await page.evaluate(() => localStorage.getItem('bannerShown'))).toBe('true');
    await page.reload();
    await page.getByRole('button', { name: 'Please read' }).waitFor();
    expect(await page.getByTestId('bar-notice').count()).toBe(0);
    await page.getByRole('button', { name: 'Please read' }).click();
    await page.getByTestId('bar-notice').waitFor();
    // Each button leaves as it is used: focus moves to the other one, not to the top of the page.
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
    await expect.poll(focused).toBe('Dismiss notice');
    await page.getByRole('button', { name: 'Dismiss notice' }).click();
    await expect.poll(focused).toBe('Please read');
    await page.keyboard.press('Enter');
    await page.getByTestId('bar-notice').waitFor();

    // A drink set inactive is greyed and cannot be chosen; its row shows its description as it is.
    const soda = (await app.api<Category[]>(userToken, 'GET', '/category')).body
      .flatMap((c) => c.menu)
      .find((m) => m.name === 'Lemon Soda')!;
    await app.api(barista, 'PATCH', `/menu/${soda.id}`, { isActive: 'inactive' });
    const sodaRow = page.getByTestId('menu-item').filter({ hasText: 'Lemon Soda' });
    await expect.poll(() => sodaRow.getAttribute('aria-disabled')).toBe('true');
    await sodaRow.getByText(soda.description, { exact: true }).waitFor();
    await app.api(barista, 'PATCH', `/menu/${soda.id}`, { isActive: 'active' });
    await expect.poll(() => sodaRow.getAttribute('aria-disabled')).not.toBe('true');

    await page.getByTestId('menu-item').filter({ hasText: 'Craft Beer' }).click();
    await page.getByRole('heading', { name: 'Craft Beer' }).waitFor();
    expect(page.url()).toContain('/form-bar/Craft%20Beer/');
    // A beer is not a frappe: the bar form offers Cold and Hot, and needs neither.
    const types = page.getByRole('radiogroup', { name: /Type/ }).getByRole('radio');
    expect(await types.evaluateAll((radios) => radios.map((r) => r.getAttribute('value')))).toEqual(['cold', 'hot']);
    await page.getByText('(optional)').waitFor();
    await expect.poll(currentTab).toBe('Menu');
    await screenshot(page, 'form-bar');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();
    // The summary lists what the bar's form asked: no sweetness, no additional text.
    const summary = page.getByRole('dialog', { name: 'Order Summary' });
    await summary.waitFor();
    expect(await summary.innerText()).not.toMatch(/Sweetness|Additional/);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Order Placed Successfully!').waitFor();
    await page.waitForURL(/\/statusOrder/);
    await expect.poll(currentTab).toBe('Order status');
    const bar = (await myOrders()).find((o) => o.menu.name === 'Craft Beer');
    expect(bar?.status).toBe('ordered');
    expect(bar?.type).toBeNull();
    await setShop(app, barista, 'cafe-open').catch(() => undefined);
  });

  it('keeps a finished drink within reach when the shop closes: Home goes to the closed notice, which offers Pick Up', async () => {
    const { customer: sam, order } = await latteInProgressAlone('Sam Closing');
    await setStatus(order.id, { status: 'done' });
    await setShop(app, barista, 'all-close');
    const phone = await newPhonePage(browser);
    try {
      await signInWithTokens(phone, app, sam.email, '/ordered');
      await phone.waitForURL(`${app.url}/close-all`);
      const waiting = phone.getByTestId('closed-pickup');
      await waiting.getByRole('heading', { name: 'Ready to pick up' }).waitFor();
      await screenshot(phone, 'close-all-pickup');
      await expectNoSeriousA11yViolations(phone);
      await waiting.getByRole('button', { name: 'Pick Up' }).focus();
      await phone.keyboard.press('Enter');
      await waiting.waitFor({ state: 'detached' });
      // The button went with the drink: the focus goes to what says it was picked up, not to the page.
      await expect
        .poll(() => phone.evaluate(() => document.activeElement?.textContent))
        .toBe('Picked up. Enjoy your drink!');
      expect((await app.api<Order>(sam.token, 'GET', `/order/${order.id}`)).body.status).toBe('picked');
    } finally {
      await phone.context().close();
      await setShop(app, barista, 'cafe-open');
    }
  });

  it('never says "no orders" when it could not read them: My Order and Home stay quiet until the orders answer', async () => {
    const { customer: kim } = await latteInProgressAlone('Kim Offline');
    // Routed API calls pass Playwright by once a service worker controls the page.
    const phone = await newPhonePage(browser, undefined, { serviceWorkers: 'block' });
    const orders = await failCalls(phone, (url) => url.pathname === '/api/order');
    try {
      for (const [path, falseNote] of [
        ['/statusOrder', 'You have no orders yet'],
        ['/ordered', 'No orders yet today.'],
      ] as const) {
        orders.count = 0;
        await signInWithTokens(phone, app, kim.email, path);
        // The first call and its three retries (1, 2 and 4 s apart) fail; the page has then given up.
        await expect.poll(() => orders.count, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
        await expect.poll(() => phone.getByRole('progressbar').count()).toBe(0);
        expect(await phone.getByText(falseNote).count(), path).toBe(0);
      }
      await orders.stop();
      await phone.goto(`${app.url}/statusOrder`);
      await phone.getByTestId('active-orders').getByText('Latte').waitFor();
    } finally {
      await phone.context().close();
    }
  });

  it('never says the cafe has no menu when it could not read the menus', async () => {
    await setShop(app, barista, 'cafe-open');
    const max = await newCustomer(app, 'Max Menuless');
    const phone = await newPhonePage(browser, undefined, { serviceWorkers: 'block' });
    const menus = await failCalls(phone, (url) => url.pathname === '/api/category');
    try {
      await signInWithTokens(phone, app, max.email, '/menuCafe');
      await phone.getByRole('heading', { name: 'Menu' }).waitFor();
      // The first call and its three retries (1, 2 and 4 s apart) fail; the page has then given up.
      await expect.poll(() => menus.count, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
      await expect.poll(() => phone.getByRole('progressbar').count()).toBe(0);
      expect(await phone.getByText('There is no menu available here').count()).toBe(0);
      await menus.stop();
      await phone.reload();
      await phone.getByTestId('menu-item').filter({ hasText: 'Latte' }).first().waitFor();
    } finally {
      await phone.context().close();
    }
  });

  it('never shows "Ordered 0/2" on the menu when it could not read the count', async () => {
    const { customer: lee } = await latteInProgressAlone('Lee Counted');
    const phone = await newPhonePage(browser, undefined, { serviceWorkers: 'block' });
    const count = await failCalls(phone, (url) => url.pathname === '/api/order/count/user');
    try {
      await signInWithTokens(phone, app, lee.email, '/menuCafe');
      await phone.getByTestId('menu-item').first().waitFor();
      // The first call and its three retries (1, 2 and 4 s apart) fail; the menu does not guess.
      await expect.poll(() => count.count, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
      expect(await phone.getByTestId('ordered-count').innerText()).toBe('Ordered …/2');
      await count.stop();
      await phone.reload();
      await phone.getByTestId('ordered-count').getByText('Ordered 1/2').waitFor();
    } finally {
      await phone.context().close();
    }
  });

  it('never hides the end of a page under a toast: Pick Up at the foot of the closed notice is tapped while "Your drink is ready!" shows', async () => {
    const { customer: pat, order } = await latteInProgressAlone('Pat Late');
    const phone = await newPhonePage(browser);
    try {
      await signInWithTokens(phone, app, pat.email, '/statusOrder');
      await phone.getByTestId('order-card').locator('[data-step="1"]').waitFor();
      await setStatus(order.id, { status: 'done' });
      const ready = phone.getByTestId('toast').filter({ hasText: 'Your drink is ready!' });
      await ready.waitFor();
      await setShop(app, barista, 'all-close');
      await phone.getByRole('button', { name: 'Woxa Cafe' }).click();
      await phone.waitForURL(`${app.url}/close-all`);
      const waiting = phone.getByTestId('closed-pickup');
      await waiting.getByRole('heading', { name: 'Ready to pick up' }).waitFor();
      await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await screenshot(phone, 'close-all-pickup-with-toast');
      expect(await ready.isVisible()).toBe(true);
      // Scrolled to the end, the page's last button shows above the toast, not under it.
      const pickUp = waiting.getByRole('button', { name: 'Pick Up' });
      const [button, toast] = await Promise.all([pickUp.boundingBox(), ready.boundingBox()]);
      expect(button!.y + button!.height).toBeLessThanOrEqual(toast!.y);
      await pickUp.click();
      await waiting.waitFor({ state: 'detached' });
      expect((await app.api<Order>(pat.token, 'GET', `/order/${order.id}`)).body.status).toBe('picked');
    } finally {
      await phone.context().close();
      await setShop(app, barista, 'cafe-open');
    }
  });

  it('refuses the cafe form up front while the cafe is closed, the bar form while the bar is, and a drink not on the menu', async () => {
    const categories = (await app.api<Category[]>(barista, 'GET', '/category')).body;
    const latte = categories.flatMap((c) => c.menu).find((m) => m.name === 'Latte')!;
    // The shop changes status only with an empty queue.
    const open = (await myOrders()).filter((o) => o.status === 'ordered');
    for (const o of open) await setStatus(o.id, { status: 'rejected', reject_note: 'The shop is closing' });
    await setShop(app, barista, 'bar-open');
    await page.goto(`${app.url}/form/Latte/${latte.id}`);
    const refusal = page.getByTestId('order-unavailable');
    await refusal.getByText('The cafe is closed now. You can order when it opens.').waitFor();
    expect(await page.getByRole('radio', { name: 'Cold' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await screenshot(page, 'form-cafe-closed');

    await setShop(app, barista, 'cafe-open');
    // The bar's form too, while the bar is closed.
    const barMenu = categories.filter((c) => c.categoryFor === 'bar').flatMap((c) => c.menu)[0]!;
    await page.goto(`${app.url}/form-bar/${encodeURIComponent(barMenu.name)}/${barMenu.id}/-`);
    await refusal.getByText('The bar is closed now. You can order when it opens.').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.goto(`${app.url}/form/Nothing/no-such-menu`);
    await refusal.getByText('Nothing is no longer on the menu. Please choose another menu.').waitFor();
    await refusal.getByRole('button', { name: 'Back to menu' }).click();
    await page.waitForURL(`${app.url}/menuCafe`);
  });

  it('says in the open Order Summary that the barista set the drink inactive; Place order then fails as the spec says and goes back to the menu', async () => {
    const guest = await newCustomer(app, 'Late Guest');
    const phone = await newPhonePage(browser);
    await signInWithTokens(phone, app, guest.email, '/menuCafe');
    await phone.getByTestId('menu-item').filter({ hasText: 'Latte' }).click();
    await phone.getByTestId('tumbler-input').setInputFiles(fixture('tumbler-small.jpg'));
    await phone.getByTestId('tumbler-preview').waitFor({ timeout: 30_000 });
    await phone.getByRole('radio', { name: 'Cold' }).check();
    await phone.getByRole('radio', { name: '50%', exact: true }).check();
    const remark = 'NoSpacesAtAllInThisRemarkBecauseWhyNotOkayFine123';
    await phone.getByRole('textbox', { name: 'Additional' }).fill(remark);
    await phone.getByRole('button', { name: 'Next' }).click();
    const summary = phone.getByRole('dialog', { name: 'Order Summary' });
    await summary.getByRole('button', { name: 'Place order' }).waitFor();
    // A remark of one long word wraps inside the dialog: all of it can be read before ordering.
    const shown = summary.locator('dd').filter({ hasText: remark.slice(0, 10) });
    const box = (await summary.locator('.MuiDialogContent-root').boundingBox())!;
    const text = (await shown.boundingBox())!;
    expect(text.x + text.width).toBeLessThanOrEqual(box.x + box.width);
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    const latte = menuId(await catalog(app, guest.token), 'Latte');
    await app.api(barista, 'PATCH', `/menu/${latte}`, { isActive: 'inactive' });
    try {
      await summary
        .getByTestId('summary-problem')
        .getByText(/Latte is not available right now/)
        .waitFor();
      await summary.getByRole('button', { name: 'Place order' }).click();
      const toast = phone.getByRole('alert').filter({ hasText: 'Order failed!' });
      await toast
        .getByText('Seems like barista has just set this menu to inactive, please order another menu')
        .waitFor();
      await phone.waitForURL(`${app.url}/menuCafe`);
    } finally {
      await app.api(barista, 'PATCH', `/menu/${latte}`, { isActive: 'active' });
      await phone.context().close();
    }
  });

  it('tells the customer, wherever they are in the app, that the barista rejected their drink and why', async () => {
    const guest = await newCustomer(app, 'Waiting Guest');
    const menus = await catalog(app, guest.token);
    const order = await placeCafeOrder(app, guest.token, menuId(menus, 'Latte'));
    const phone = await newPhonePage(browser);
    // Home, with the order's card: the app has seen the order waiting (one rejected before it ever saw it is
    // no news, the screens show it). Then the menu, where the order is nowhere on screen.
    await signInWithTokens(phone, app, guest.email, '/ordered');
    await phone.getByTestId('order-card').filter({ hasText: 'Latte' }).waitFor();
    await phone.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Menu' }).click();
    await phone.getByText('Ordered 1/2').waitFor();

    await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Out of oat milk' });
    const toast = phone.getByTestId('toast');
    await toast.getByText('Latte was rejected').waitFor();
    expect(await toast.innerText()).toContain('Rejected: Out of oat milk');
    await phone.getByText('Ordered 0/2').waitFor();
    await screenshot(phone, 'order-rejected-toast');
    // The barista takes it back (Recall, within its window): so does the app, long before its 30 s.
    const recalled = await app.api(barista, 'POST', `/order/barista/${order.id}/recall`, {});
    expect(recalled.status).toBe(200);
    await phone.getByText('Ordered 1/2').waitFor();
    await toast.waitFor({ state: 'detached', timeout: 5000 });
    await phone.context().close();
    await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Out of oat milk' });
  });

  it('says a rejection that comes while the menu drawer is open where a screen reader finds it, at the foot of the screen', async () => {
    const guest = await newCustomer(app, 'Drawer Open');
    const order = await placeCafeOrder(app, guest.token, menuId(await catalog(app, guest.token), 'Latte'));
    const phone = await newPhonePage(browser);
    try {
      await signInWithTokens(phone, app, guest.email, '/ordered');
      await phone.getByTestId('order-card').filter({ hasText: 'Latte' }).waitFor();
      await phone.getByRole('button', { name: 'Open menu' }).click();
      await phone.getByRole('link', { name: 'History' }).waitFor();
      await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Out of oat milk' });
      // By its role: the open drawer sets aria-hidden on the rest of the page, where the toast was.
      const toast = phone.getByRole('alert').filter({ hasText: 'Latte was rejected' });
      await toast.waitFor();
      // Where it shows without a drawer: not at the end of the drawer's paper, the screen's height, out of sight.
      const box = (await toast.boundingBox())!;
      expect(box.x).toBe(12);
      expect(box.x + box.width).toBe(390 - 12);
      await screenshot(phone, 'order-rejected-toast-drawer');
    } finally {
      await phone.context().close();
    }
  });

  /** From the cafe menu, a hot Latte at 50% with a tumbler photo, to its Order Summary (returned). */
  async function latteSummary(phone: Page): Promise<Locator> {
    await phone.getByTestId('menu-item').filter({ hasText: 'Latte' }).click();
    await phone.getByRole('radio', { name: 'Hot' }).check();
    await phone.getByRole('radio', { name: '50%', exact: true }).check();
    await phone.getByTestId('tumbler-input').setInputFiles(fixture('tumbler-small.jpg'));
    await phone.getByTestId('tumbler-preview').waitFor();
    await phone.getByRole('button', { name: 'Next' }).click();
    return phone.getByRole('dialog', { name: 'Order Summary' });
  }

  it('keeps the Order Summary open when the answer is lost, and Place order again places one order', async () => {
    const guest = await newCustomer(app, 'Lost Answer');
    const phone = await newPhonePage(browser);
    await signInWithTokens(phone, app, guest.email, '/menuCafe');
    const summary = await latteSummary(phone);
    // The server takes each try and its answer is lost on the way back (the app tries 3 times).
    await phone.route(
      '**/api/order',
      async (route) => {
        await route.fetch();
        await route.abort('internetdisconnected');
      },
      { times: 3 },
    );
    await summary.getByRole('button', { name: 'Place order' }).click();
    await phone
      .getByText('We could not confirm your order. Tap Place order again: it will not be ordered twice.')
      .waitFor();
    await screenshot(phone, 'order-answer-lost');
    await summary.getByRole('button', { name: 'Place order' }).click();
    await phone.getByText('Order Placed Successfully!').waitFor();
    const orders = (await app.api<Order[]>(guest.token, 'GET', '/order')).body;
    expect(orders.filter((o) => o.menu.name === 'Latte')).toHaveLength(1);
    await phone.context().close();
  });

  it('says "No connection" when the server goes down before Place order, on a first visit without a service worker', async () => {
    const guest = await newCustomer(app, 'First Visit');
    const phone = await newPhonePage(browser, undefined, { serviceWorkers: 'block' });
    const toastCode = /\/assets\/toast-view-[^/]+\.js$/;
    try {
      // The toast's own code has not come (a flaky network): the toast is said in plain HTML meanwhile.
      await phone.route(toastCode, (route) => route.abort('connectionrefused'));
      await signInWithTokens(phone, app, guest.email, '/menuCafe');
      const summary = await latteSummary(phone);
      await summary.getByRole('button', { name: 'Place order' }).waitFor();
      // The server goes away: no call and no file of the app answers from here on.
      await phone.route(/\/(api|assets)\//, (route) => route.abort('connectionrefused'));
      await summary.getByRole('button', { name: 'Place order' }).click();
      const toast = phone.getByTestId('toast');
      await toast.getByText('No connection').waitFor({ timeout: 20_000 });
      expect(await toast.innerText()).toContain('Tap Place order again: it will not be ordered twice.');
      await screenshot(phone, 'order-no-connection-first-visit');
      // By its role: the toast is said inside the open dialog, which hides the rest of the page.
      await toast.getByRole('button', { name: 'Close notification' }).click();
      await toast.waitFor({ state: 'detached' });
      expect((await app.api<Order[]>(guest.token, 'GET', '/order')).body).toHaveLength(0);
    } finally {
      await phone.context().close();
    }
  });

  it('says "No connection" to a screen reader while the Order Summary is open: the toast is inside the dialog, its Close next after Place order', async () => {
    const guest = await newCustomer(app, 'Screen Reader');
    const phone = await newPhonePage(browser, undefined, { serviceWorkers: 'block' });
    try {
      await signInWithTokens(phone, app, guest.email, '/menuCafe');
      const summary = await latteSummary(phone);
      const place = summary.getByRole('button', { name: 'Place order' });
      await place.waitFor();
      const orders = await failCalls(phone, (url) => url.pathname === '/api/order');
      await place.click();
      // getByRole leaves out what assistive technology is kept from: the open dialog sets aria-hidden on the
      // rest of the page, where the toast was.
      const toast = phone.getByRole('alert').filter({ hasText: 'No connection' });
      await toast.waitFor({ timeout: 20_000 });
      expect(orders.count).toBeGreaterThan(0);
      expect(await toast.innerText()).toContain('Tap Place order again: it will not be ordered twice.');
      expect(await toast.evaluate((el) => el.closest('[aria-hidden="true"]') === null)).toBe(true);
      // Inside the dialog itself: VoiceOver keeps to an aria-modal dialog whatever the rest of the page says.
      expect(await summary.getByRole('alert').filter({ hasText: 'No connection' }).count()).toBe(1);
      await screenshot(phone, 'order-no-connection-summary');
      await expectNoSeriousA11yViolations(phone);
      // A keyboard reaches its Close from Place order: the dialog keeps the focus inside itself.
      await place.focus();
      await phone.keyboard.press('Tab');
      expect(await phone.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close notification');
      await phone.keyboard.press('Enter');
      await toast.waitFor({ state: 'detached' });
      expect(await summary.isVisible()).toBe(true);
      await orders.stop();
    } finally {
      await phone.context().close();
    }
  });

  it('fits a 320 px phone: a one-word 25-letter name wraps, the tabs and the form hint stay whole', async () => {
    const name = 'Wwwwwwwwwwwwwwwwwwwwwwwww';
    const created = await newMenu(app, barista, 'Coffee', { name, description: 'M'.repeat(50) });
    const guest = await newCustomer(app, 'Narrow Phone');
    const phone = await newPhonePage(browser, { width: 320, height: 640 });
    await signInWithTokens(phone, app, guest.email, '/menuCafe');
    const noSideScroll = () => phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const row = phone.getByTestId('menu-item').filter({ hasText: name });
    await row.waitFor();
    expect(await noSideScroll()).toBe(true);
    await screenshot(phone, 'menu-cafe-320-long-name');

    await row.click();
    await phone.getByRole('heading', { name }).waitFor();
    expect(await noSideScroll()).toBe(true);
    const hint = phone.getByPlaceholder('Please enter text (up to 50 characters)');
    expect(await hint.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const tabs = phone.getByTestId('bottom-tab-bar');
    const bar = (await tabs.boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(640);
    for (const label of ['Home', 'Menu', 'Order status']) {
      const box = (await tabs.getByText(label, { exact: true }).boundingBox())!;
      expect(box.height, label).toBeLessThan(24); // one line
    }
    await phone.getByRole('radio', { name: 'Hot' }).check();
    await phone.getByRole('radio', { name: '50%', exact: true }).check();
    await phone.getByTestId('tumbler-input').setInputFiles(fixture('tumbler-small.jpg'));
    await phone.getByTestId('tumbler-preview').waitFor();
    await phone.getByRole('button', { name: 'Next' }).click();
    const place = phone.getByRole('dialog', { name: 'Order Summary' }).getByRole('button', { name: 'Place order' });
    await place.waitFor();
    const box = (await place.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    await screenshot(phone, 'order-summary-320-long-name');
    await phone.context().close();
    await app.api(barista, 'PATCH', `/menu/${created}`, { isActive: 'inactive' });
  });

  it('asks about a one-word menu name of 25 letters whole, inside the cancel dialog, on a 390 and a 320 px phone', async () => {
    const created = await newMenu(app, barista, 'Coffee', { name: WIDE_NAME });
    const guest = await newCustomer(app, 'Wide Menu');
    const order = await placeCafeOrder(app, guest.token, created);
    const phone = await newPhonePage(browser);
    await signInWithTokens(phone, app, guest.email, '/statusOrder');
    const dialog = phone.getByRole('dialog', { name: `You want to cancel ${WIDE_NAME}?` });
    for (const size of PHONE_SIZES) {
      await phone.setViewportSize(size);
      await phone.locator(`[data-order-id="${order.id}"]`).getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor();
      await settled(phone);
      const heading = dialog.getByRole('heading');
      expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth), `heading at ${size.width}`).toBe(true);
      const box = (await dialog.boundingBox())!;
      expect(box.x + box.width, `dialog at ${size.width}`).toBeLessThanOrEqual(size.width);
      expect(await pageWidth(phone)).toBeLessThanOrEqual(size.width);
      await screenshot(phone, `cancel-dialog-long-name-${size.width}`);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await phone.context().close();
    expect((await app.api(guest.token, 'PATCH', `/order/${order.id}`, { status: 'cancel' })).status).toBe(200);
    await app.api(barista, 'PATCH', `/menu/${created}`, { isActive: 'inactive' });
  });
});
