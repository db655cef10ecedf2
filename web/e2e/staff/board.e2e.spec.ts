import type { Order } from '@drinks/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import {
  PHONE_SIZES,
  WIDE_PERSON,
  expectNoSeriousA11yViolations,
  newDesktopPage,
  newPhonePage,
  openBrowser,
  pageWidth,
  screenshot,
  failCalls,
  serviceUnavailable,
  settled,
} from '../support/browser.js';
import { signInWithTokens } from '../support/customer.js';
import { baristaPatch, catalog, menuId, newCustomer, placeCafeOrder } from './staff-support.js';

let app: RunningApp;
let browser: Browser;
let barista: string;
let menus: Awaited<ReturnType<typeof catalog>>;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  menus = await catalog(app, barista);
  page = await newDesktopPage(browser);
  await signInWithTokens(page, app, 'barista@woxa.tech', '/ordering');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const cards = () => page.getByTestId('order-card');
const card = (o: Order) => page.locator(`[data-order-id="${o.id}"]`);
async function orderStatus(o: Order) {
  return (await app.api<Order>(barista, 'GET', `/order/${o.id}`)).body;
}
async function pickReason(reason: string) {
  const dialog = page.getByRole('dialog', { name: /Cancel/ });
  await dialog.waitFor();
  expect(await dialog.getByRole('button', { name: 'Cancel Order' }).isDisabled()).toBe(true);
  await dialog.getByRole('radio', { name: reason }).check();
  return dialog;
}
async function chooseShopStatus(option: 'Cafe' | 'Bar' | 'Close', on = page) {
  await on.getByRole('combobox', { name: 'Shop Status' }).click();
  await on.getByRole('option', { name: option, exact: true }).click();
}

describe('the barista board', () => {
  it('shows the empty sections and the shop status selector while nothing is queued', async () => {
    await page.getByRole('heading', { name: 'Waiting Order' }).waitFor();
    expect(await page.getByText('No orders now,').count()).toBe(2);
    expect(await page.getByRole('combobox', { name: 'Shop Status' }).innerText()).toBe('Cafe');
    await screenshot(page, 'staff-board-empty-desktop');
  });

  it('shows an order placed by a customer live, with its details, a beep badge and no reload', async () => {
    const ann = await newCustomer(app, 'Ann Customer');
    const order = await placeCafeOrder(app, ann.token, menuId(menus, 'Latte'), { remark: 'less ice', sweetness: 25 });
    await card(order).waitFor({ timeout: 3000 });
    const text = await card(order).innerText();
    for (const part of ['Latte', 'Ann Customer', 'Type: Hot', 'Sweetness: 25%', 'Remark: less ice'])
      expect(text).toContain(part);
    await page.getByText('New order: Latte for Ann Customer').waitFor();
    expect(await page.getByTestId('section-waiting-order-count').innerText()).toBe('(1)');
    expect(await page.getByTestId('shop-status-text').innerText()).toBe('Cafe Open');
    // The badge stands beside the count, clear of the title's letters.
    const title = await page.getByRole('heading', { name: 'Waiting Order' }).boundingBox();
    const badge = await page.getByLabel('1 new').locator('.MuiBadge-badge').boundingBox();
    expect(badge!.x).toBeGreaterThanOrEqual(title!.x + title!.width);

    await card(order).getByRole('button', { name: 'Enlarge tumbler image of Ann Customer' }).click();
    await page.getByRole('dialog', { name: 'Tumbler of Ann Customer' }).waitFor();
    await screenshot(page, 'staff-board-tumbler');
    await page.getByRole('button', { name: 'Close', exact: true }).click();

    await card(order).getByRole('button', { name: 'Do' }).click();
    await page
      .locator('section[aria-labelledby="section-in-progress-order"]')
      .locator(`[data-order-id="${order.id}"]`)
      .waitFor();
    expect((await orderStatus(order)).status).toBe('in-progress');
    await card(order).getByRole('button', { name: 'Done' }).click();
    await card(order).waitFor({ state: 'detached' });
    expect((await orderStatus(order)).status).toBe('done');
  });

  it('takes a double tap on Do as one tap: the order started, not finished, and no error shown', async () => {
    const cid = await newCustomer(app, 'Cid Customer');
    const order = await placeCafeOrder(app, cid.token, menuId(menus, 'Mocha'));
    // Two taps before the board has drawn the first one's answer (a phone under load).
    await card(order)
      .getByRole('button', { name: 'Do' })
      .evaluate((button: HTMLElement) => {
        button.click();
        button.click();
      });
    const inProgress = page.locator('section[aria-labelledby="section-in-progress-order"]');
    await inProgress.locator(`[data-order-id="${order.id}"]`).waitFor();
    await page.waitForLoadState('networkidle');
    expect((await orderStatus(order)).status).toBe('in-progress');
    // Before, the second tap went out too, and was told as a failure: "Could not start … Already started by …".
    expect(await page.getByText(/Could not start/).count()).toBe(0);
    await card(order).getByRole('button', { name: 'Done' }).click();
    await card(order).waitFor({ state: 'detached' });
  });

  it('rejects with a preset reason and with an Other reason of at most 27 characters', async () => {
    const bob = await newCustomer(app, 'Bob Customer');
    const first = await placeCafeOrder(app, bob.token, menuId(menus, 'Americano'));
    const second = await placeCafeOrder(app, bob.token, menuId(menus, 'Mocha'));
    await card(second).waitFor();

    await card(first).getByRole('button', { name: 'Cancel' }).click();
    let dialog = await pickReason('Barista can not fine your tumbler');
    await screenshot(page, 'staff-board-reject-dialog');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await card(first).waitFor({ state: 'detached' });
    expect(await orderStatus(first)).toMatchObject({
      status: 'rejected',
      reject_note: 'Barista can not fine your tumbler',
    });

    await card(second).getByRole('button', { name: 'Cancel' }).click();
    dialog = await pickReason('Other');
    const other = dialog.getByRole('textbox', { name: 'Other reason' });
    await other.fill(' no milk');
    await dialog.getByText('Input must not start with a space.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel Order' }).isDisabled()).toBe(true);
    await other.fill('x'.repeat(40));
    expect((await other.inputValue()).length).toBe(27);
    await other.fill('Out of oat milk');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await card(second).waitFor({ state: 'detached' });
    expect(await orderStatus(second)).toMatchObject({ status: 'rejected', reject_note: 'Out of oat milk' });
  });

  it('filters by category and rejects several orders at once in Select mode', async () => {
    const cat = await newCustomer(app, 'Cat Customer');
    const tea = await placeCafeOrder(app, cat.token, menuId(menus, 'Thai Milk Tea'), { type: 'cold' });
    const coffee = await placeCafeOrder(app, cat.token, menuId(menus, 'Cappuccino'));
    await card(coffee).waitFor();
    await card(tea).waitFor();

    await page.getByRole('combobox', { name: 'Filter' }).click();
    await page.getByRole('option', { name: 'Tea' }).click();
    await card(coffee).waitFor({ state: 'detached' });
    expect(await cards().count()).toBe(1);
    await page.getByRole('combobox', { name: 'Filter' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await card(coffee).waitFor();

    // From the keyboard the focus goes on to Exit Select, and back to Select (it fell to the page).
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await page.getByRole('button', { name: 'Select', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Exit Select');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Select');
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    // Each checkbox names its drink: one customer's two orders are told apart.
    await page.getByRole('checkbox', { name: 'Select Thai Milk Tea for Cat Customer' }).check();
    await page.getByRole('checkbox', { name: 'Select Cappuccino for Cat Customer' }).check();
    expect(await page.getByRole('group', { name: 'Cappuccino for Cat Customer' }).count()).toBe(1);
    await screenshot(page, 'staff-board-select-mode');
    await page.getByRole('button', { name: 'Cancel Selected (2)' }).click();
    const dialog = await pickReason('Machine Failure');
    expect(await dialog.getByRole('heading').innerText()).toBe('Cancel 2 orders');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    // Both sections empty: the In Progress one already was, so its text alone said nothing of the rejections.
    await expect.poll(() => page.getByText('No orders now,').count()).toBe(2);
    expect((await orderStatus(tea)).status).toBe('rejected');
    expect((await orderStatus(coffee)).reject_note).toBe('Machine Failure');
  });

  it("says once which order could not be cancelled when the customer's own cancel came first", async () => {
    const fay = await newCustomer(app, 'Fay Customer');
    const latte = await placeCafeOrder(app, fay.token, menuId(menus, 'Latte'));
    await card(latte).getByRole('button', { name: 'Cancel' }).click();
    const dialog = await pickReason('Machine Failure');
    // The customer cancels while the barista's reject is on its way.
    await page.route(`**/api/order/barista/${latte.id}`, async (route) => {
      await app.api(fay.token, 'PATCH', `/order/${latte.id}`, { status: 'cancel' });
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Could not cancel Latte for Fay Customer').waitFor();
    expect((await toast.innerText()).match(/Latte for Fay Customer/g)).toHaveLength(1);
    await page.unroute(`**/api/order/barista/${latte.id}`);
    await toast.getByRole('button', { name: 'Close notification' }).click();
  });

  it('names the order in the Cancel dialog and closes it when another barista finishes or cancels that order', async () => {
    const eli = await newCustomer(app, 'Eli Customer');
    const latte = await placeCafeOrder(app, eli.token, menuId(menus, 'Latte'));
    const mocha = await placeCafeOrder(app, eli.token, menuId(menus, 'Mocha'));
    // Another barista's board, beside this one.
    const other = await newDesktopPage(browser);
    await signInWithTokens(other, app, 'barista@woxa.tech', '/ordering');
    const there = (o: Order) => other.locator(`[data-order-id="${o.id}"]`);
    await there(mocha).waitFor();
    await card(mocha).waitFor();

    await card(latte).getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel order' });
    await dialog.getByText('Latte for Eli Customer · Waiting').waitFor();
    // Started there: still to be cancelled here, and the dialog says it is under way.
    await there(latte).getByRole('button', { name: 'Do' }).click();
    await dialog.getByText('Latte for Eli Customer · In Progress').waitFor();
    await dialog.getByRole('radio', { name: 'Machine Failure' }).check();
    await screenshot(page, 'staff-board-reject-dialog-started-elsewhere');
    // Finished there: the dialog here closes, and says where the drink went.
    await there(latte).getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Latte for Eli Customer is now Done').waitFor();
    await screenshot(page, 'staff-board-reject-dialog-closed');
    expect((await orderStatus(latte)).status).toBe('done');

    await card(mocha).getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByText('Mocha for Eli Customer · Waiting').waitFor();
    // The reason picked for the latte went with its dialog.
    expect(await dialog.getByRole('radio', { name: 'Machine Failure' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('button', { name: 'Cancel Order' }).isDisabled()).toBe(true);
    await there(mocha).getByRole('button', { name: 'Cancel' }).click();
    const theirs = other.getByRole('dialog', { name: 'Cancel order' });
    await theirs.getByRole('radio', { name: 'Ingredient Unavailable' }).check();
    await theirs.getByRole('button', { name: 'Cancel Order' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Mocha for Eli Customer is now Rejected').waitFor();
    expect(await orderStatus(mocha)).toMatchObject({ status: 'rejected', reject_note: 'Ingredient Unavailable' });
    await other.context().close();
  });

  it('changes the shop status through the confirm dialog, and Close restores the previous value', async () => {
    await chooseShopStatus('Close');
    const dialog = page.getByRole('dialog', { name: 'Close Cafe and Bar' });
    await dialog.waitFor();
    await screenshot(page, 'staff-board-shop-dialog');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('combobox', { name: 'Shop Status' }).innerText()).toBe('Cafe');

    await chooseShopStatus('Bar');
    await page.getByRole('dialog', { name: 'Open Bar' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Take order at the bar only').waitFor();
    expect((await app.api(barista, 'GET', '/cafe-status')).body).toEqual({ isCafeOpen: false, isBarOpen: true });
    // The logo is the bar's while the bar is open (customer-side spec, top bar), the barista's too.
    await page.getByRole('button', { name: 'Woxa Bar home' }).waitFor();

    await chooseShopStatus('Close');
    await page.getByRole('dialog', { name: 'Close Cafe and Bar' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Cafe and Bar are close').waitFor();
    // The drinks already made are still on the counter: they can be handed over, not brought back.
    const counter = page.getByTestId('waiting-pickup');
    const onCounter = await app.api<Order[]>(barista, 'GET', '/order?status=done');
    expect(onCounter.body.length).toBeGreaterThan(0);
    await counter.getByRole('button', { name: 'Picked up' }).first().waitFor();
    expect(await counter.getByRole('button', { name: 'Picked up' }).count()).toBe(onCounter.body.length);
    expect(await page.getByRole('button', { name: 'Recall' }).count()).toBe(0);
    await screenshot(page, 'staff-board-closed');

    await chooseShopStatus('Cafe');
    await page.getByRole('dialog', { name: 'Open Cafe' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Waiting Order' }).waitFor();
    await page.getByRole('button', { name: 'Woxa Cafe home' }).waitFor();
  });

  it('refuses a status change while an order is waiting', async () => {
    await chooseShopStatus('Close');
    const dialog = page.getByRole('dialog', { name: 'Close Cafe and Bar' });
    await dialog.waitFor();
    const dan = await newCustomer(app, 'Dan Customer');
    const order = await placeCafeOrder(app, dan.token, menuId(menus, 'Espresso'));
    await card(order).waitFor();
    // The order that arrived already hides the selector behind the open dialog.
    await page.getByTestId('shop-status-text').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('There are still waiting or in-progress orders today.').waitFor();
    expect((await app.api(barista, 'GET', '/cafe-status')).body).toEqual({ isCafeOpen: true, isBarOpen: false });
    // Refused: the text, not the selector, beside the waiting order; the refusal on a line of its own under
    // the title's row, whose controls stay in line.
    expect(await page.getByTestId('shop-status-text').innerText()).toBe('Cafe Open');
    expect(await page.getByRole('combobox', { name: 'Shop Status' }).count()).toBe(0);
    const middle = async (l: Locator) => {
      const b = (await l.boundingBox())!;
      return b.y + b.height / 2;
    };
    const title = await middle(page.getByRole('heading', { name: 'Orders', exact: true }));
    for (const control of [
      page.getByTestId('shop-status-text'),
      page.getByRole('combobox', { name: 'Station' }),
      page.getByRole('combobox', { name: 'Filter' }),
      page.getByRole('button', { name: 'Select', exact: true }),
    ])
      expect(Math.abs((await middle(control)) - title)).toBeLessThanOrEqual(4);
    const refusal = (await page.getByRole('alert').filter({ hasText: 'There are still' }).boundingBox())!;
    expect(refusal.y).toBeGreaterThan(title);
    await screenshot(page, 'staff-board-refused');
    await page
      .getByRole('alert')
      .filter({ hasText: 'There are still' })
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await page.getByTestId('shop-status-text').waitFor();
    await screenshot(page, 'staff-board-orders-desktop');
    await expectNoSeriousA11yViolations(page);

    const phone = await newPhonePage(browser);
    await signInWithTokens(phone, app, 'barista@woxa.tech', '/ordering');
    await phone.locator(`[data-order-id="${order.id}"]`).waitFor();
    await screenshot(phone, 'staff-board-orders-phone');
    await expectNoSeriousA11yViolations(phone);
    await phone.context().close();
  });

  it('drops the refusal once the queue has emptied and the status can change again', async () => {
    const reject = async (o: Order) =>
      expect(
        (await app.api(barista, 'PATCH', `/order/barista/${o.id}`, { status: 'rejected', reject_note: 'Out of milk' }))
          .status,
      ).toBe(200);
    for (const o of (await app.api<Order[]>(barista, 'GET', '/order?status=ordered')).body) await reject(o);
    await chooseShopStatus('Close');
    const dialog = page.getByRole('dialog', { name: 'Close Cafe and Bar' });
    await dialog.waitFor();
    const eve = await newCustomer(app, 'Eve Customer');
    const order = await placeCafeOrder(app, eve.token, menuId(menus, 'Espresso'));
    await card(order).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'There are still' });
    await refusal.waitFor();

    await reject(order);
    await page.getByRole('combobox', { name: 'Shop Status' }).waitFor();
    await refusal.waitFor({ state: 'hidden' });
  });

  it('shows the orders a refused close names, though the live socket never told of them', async () => {
    const stale = await newDesktopPage(browser);
    // A socket that opens and never hears from the server: a proxy that drops it, a network that lost it.
    await stale.routeWebSocket('**/api/websockets', () => undefined);
    try {
      await signInWithTokens(stale, app, 'barista@woxa.tech', '/ordering');
      await stale.getByRole('heading', { name: 'Waiting Order' }).waitFor();
      const active = await app.api<Order[]>(barista, 'GET', '/order?status=ordered,in-progress');
      expect(active.body).toEqual([]);
      expect(await stale.getByText('No orders now,').count()).toBe(2);
      const fay = await newCustomer(app, 'Fay Customer');
      const order = await placeCafeOrder(app, fay.token, menuId(menus, 'Espresso'));

      await chooseShopStatus('Close', stale);
      await stale.getByRole('dialog', { name: 'Close Cafe and Bar' }).getByRole('button', { name: 'Confirm' }).click();
      await stale.getByRole('alert').filter({ hasText: 'There are still' }).waitFor();
      await stale.locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 5000 });
      await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Out of milk' });
    } finally {
      await stale.context().close();
    }
  });

  it('says the orders could not be loaded, not "No orders now", and shows them after Try again', async () => {
    const cut = await newDesktopPage(browser);
    const queue = await failCalls(
      cut,
      (url) => url.pathname === '/api/order' && url.searchParams.get('status') === 'ordered',
    );
    const gus = await newCustomer(app, 'Gus Waiting');
    const order = await placeCafeOrder(app, gus.token, menuId(menus, 'Espresso'));
    try {
      await signInWithTokens(cut, app, 'barista@woxa.tech', '/ordering');
      // The first call and its three retries (1, 2 and 4 s apart) fail.
      await cut.getByText('The orders could not be loaded.').waitFor({ timeout: 20_000 });
      expect(queue.count).toBeGreaterThanOrEqual(4);
      expect(await cut.getByText('No orders now,').count()).toBe(0);
      // Nor may the shop be closed from a board that cannot see its queue.
      expect(await cut.getByRole('combobox', { name: 'Shop Status' }).count()).toBe(0);
      await queue.stop();
      await cut.getByRole('button', { name: 'Try again' }).click();
      await cut.locator(`[data-order-id="${order.id}"]`).waitFor();
      expect(await cut.getByText('The orders could not be loaded.').count()).toBe(0);
    } finally {
      await cut.context().close();
      await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Out of milk' });
    }
  });

  it('says the counter could not be loaded, not "Nothing waiting on the counter.", when its call fails', async () => {
    const cut = await newDesktopPage(browser);
    await cut.route(
      (url) => url.pathname === '/api/order' && url.searchParams.get('status') === 'done',
      serviceUnavailable,
    );
    try {
      await signInWithTokens(cut, app, 'barista@woxa.tech', '/ordering');
      // The first call and its three retries (1, 2 and 4 s apart) fail; the queues answer meanwhile.
      await cut.getByText('The counter could not be loaded.').waitFor({ timeout: 20_000 });
      expect(await cut.getByText('Nothing waiting on the counter.').count()).toBe(0);
      expect(await cut.getByRole('heading', { name: 'Waiting for pick-up (…)' }).count()).toBe(1);
    } finally {
      await cut.context().close();
    }
  });

  it('keeps a one-word customer name of 20 letters inside the Cancel dialog on a 390 and a 320 px phone', async () => {
    const wide = await newCustomer(app, WIDE_PERSON);
    const order = await placeCafeOrder(app, wide.token, menuId(menus, 'Americano'));
    const phone = await newPhonePage(browser);
    await signInWithTokens(phone, app, 'barista@woxa.tech', '/ordering');
    const dialog = phone.getByRole('dialog', { name: 'Cancel order' });
    for (const size of PHONE_SIZES) {
      await phone.setViewportSize(size);
      await phone.locator(`[data-order-id="${order.id}"]`).getByRole('button', { name: 'Cancel' }).click();
      const named = dialog.getByText(`Americano for ${WIDE_PERSON} · Waiting`);
      await named.waitFor();
      await settled(phone);
      expect(await named.evaluate((el) => el.scrollWidth <= el.clientWidth), `name at ${size.width}`).toBe(true);
      const box = (await dialog.boundingBox())!;
      expect(box.x + box.width, `dialog at ${size.width}`).toBeLessThanOrEqual(size.width);
      expect(await pageWidth(phone)).toBeLessThanOrEqual(size.width);
      await screenshot(phone, `staff-board-reject-dialog-long-name-${size.width}`);
      await dialog.getByRole('button', { name: 'Back' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await phone.context().close();
    await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Machine Failure' });
  });
});
