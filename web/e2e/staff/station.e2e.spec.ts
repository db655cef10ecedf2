import type { Order } from '@drinks/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import {
  PHONE_SIZES,
  WIDE_NAME,
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
import { baristaPatch, catalog, menuId, newCustomer, newMenu, placeBarOrder, placeCafeOrder } from './staff-support.js';

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
  await page.getByRole('heading', { name: 'Waiting Order' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const card = (o: Order, p = page) => p.locator(`[data-order-id="${o.id}"]`);
const counterRow = (o: Order) => page.getByTestId('pickup-row').filter({ hasText: `· ${o.user.name}` });
async function statusOf(o: Order) {
  return (await app.api<Order>(barista, 'GET', `/order/${o.id}`)).body.status;
}
async function until(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function serve(o: Order) {
  await baristaPatch(app, barista, o.id, { status: 'in-progress' });
  await baristaPatch(app, barista, o.id, { status: 'done' });
  await baristaPatch(app, barista, o.id, { status: 'picked' });
}

describe('the barista station', () => {
  it('serves a bar order end to end on the board, hands it over, and can close the shop after', async () => {
    await setShop(app, barista, 'bar-open');
    const eve = await newCustomer(app, 'Eve Bar');
    const order = await placeBarOrder(app, eve.token, menuId(menus, 'Virgin Mojito'), 'Mint, lime and soda');
    await page.getByText('Take order at the bar only').waitFor();
    await card(order).waitFor();
    // A bar order's tumblerImage holds the item's description, not a photo: no broken image on the ticket.
    expect(await card(order).getByRole('img').count()).toBe(0);
    expect(
      await card(order)
        .getByRole('button', { name: /^Enlarge tumbler image/ })
        .count(),
    ).toBe(0);
    await screenshot(page, 'station-bar-order');
    await card(order).getByRole('button', { name: 'Do' }).click();
    await until(async () => (await statusOf(order)) === 'in-progress', 'in-progress');
    await card(order).getByRole('button', { name: 'Done' }).click();
    await counterRow(order).waitFor();
    expect(await statusOf(order)).toBe('done');

    await counterRow(order).getByRole('button', { name: 'Picked up' }).click();
    await counterRow(order).waitFor({ state: 'detached' });
    expect(await statusOf(order)).toBe('picked');

    await page.getByRole('combobox', { name: 'Shop Status' }).click();
    await page.getByRole('option', { name: 'Close', exact: true }).click();
    await page.getByRole('dialog', { name: 'Close Cafe and Bar' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Cafe and Bar are close').waitFor();
    expect((await app.api(barista, 'GET', '/cafe-status')).body).toEqual({ isCafeOpen: false, isBarOpen: false });
    await setShop(app, barista, 'cafe-open');
    await page.getByRole('heading', { name: 'Waiting Order' }).waitFor();
  });

  it('keeps the new-order alert until acknowledged or started', async () => {
    const fay = await newCustomer(app, 'Fay Alert');
    const first = await placeCafeOrder(app, fay.token, menuId(menus, 'Latte'));
    const alert = page.getByTestId('new-order-alert');
    await alert.getByText('New order: Latte for Fay Alert').waitFor();
    // Long past the old 5 s toast: still there.
    await page.waitForTimeout(6500);
    expect(await alert.isVisible()).toBe(true);
    await alert.getByRole('button', { name: 'OK' }).click();
    await alert.waitFor({ state: 'detached' });

    const second = await placeCafeOrder(app, fay.token, menuId(menus, 'Mocha'));
    await alert.getByText('New order: Mocha for Fay Alert').waitFor();
    await card(second).getByRole('button', { name: 'Do' }).click();
    await alert.waitFor({ state: 'detached' });
    await serve(first);
    await baristaPatch(app, barista, second.id, { status: 'done' });
    await baristaPatch(app, barista, second.id, { status: 'picked' });
  });

  it('announces an order placed while the live connection was down, once the board has it again', async () => {
    const board = await newDesktopPage(browser);
    // The board's live socket through the test: while `deaf`, what the server sends never reaches the page.
    let deaf = false;
    const sockets: { close(): Promise<void> }[] = [];
    await board.routeWebSocket('**/api/websockets', (ws) => {
      const server = ws.connectToServer();
      server.onMessage((m) => {
        if (!deaf) ws.send(m);
      });
      sockets.push(ws);
    });
    try {
      await signInWithTokens(board, app, 'barista@woxa.tech', '/ordering');
      await board.getByRole('heading', { name: 'Waiting Order' }).waitFor();
      await until(async () => sockets.length > 0, 'the live socket');
      deaf = true;
      const ivy = await newCustomer(app, 'Ivy Gap');
      const order = await placeCafeOrder(app, ivy.token, menuId(menus, 'Latte'));
      // The connection drops; the board opens a new one and fetches what it missed.
      deaf = false;
      await sockets.at(-1)!.close();
      await card(order, board).waitFor();
      await board.getByTestId('new-order-alert').getByText('New order: Latte for Ivy Gap').waitFor();
      await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Machine Failure' });
    } finally {
      await board.context().close();
    }
  });

  it('keeps on the counter an order placed before midnight and finished after it, and one cancelled after it', async () => {
    // Thursday 26 November 2026, 23:59:40 in Asia/Bangkok when this server starts; its clock runs on.
    const night = await startApp({ FAKE_NOW: '2026-11-26T16:59:40.000Z' });
    const board = await newDesktopPage(browser);
    try {
      const staff = (await night.login('barista@woxa.tech', 'password123')).accessToken;
      const owl = await newCustomer(night, 'Owl Late');
      const nightMenus = await catalog(night, staff);
      const done = await placeCafeOrder(night, owl.token, menuId(nightMenus, 'Latte'));
      const cancelled = await placeCafeOrder(night, owl.token, menuId(nightMenus, 'Mocha'));
      await baristaPatch(night, staff, done.id, { status: 'in-progress' });
      // Past midnight, a new business day: the two orders no longer count toward Owl's day.
      const counted = async () =>
        (await night.api<{ totalOrder: number }>(owl.token, 'GET', '/order/count/user')).body.totalOrder;
      expect(await counted()).toBe(2);
      await until(async () => (await counted()) === 0, 'midnight', 40_000);
      await baristaPatch(night, staff, done.id, { status: 'done' });
      await baristaPatch(night, staff, cancelled.id, { status: 'rejected', reject_note: 'Machine Failure' });
      await signInWithTokens(board, night, 'barista@woxa.tech', '/ordering');
      await board.getByRole('heading', { name: 'Waiting Order' }).waitFor();
      await board.getByTestId('pickup-row').filter({ hasText: 'Latte · Owl Late' }).waitFor();
      await board.getByTestId('recently-cancelled').getByTestId('pickup-row').filter({ hasText: 'Owl Late' }).waitFor();
      await screenshot(board, 'station-counter-after-midnight');
    } finally {
      await board.context().close();
      await night.stop();
    }
  });

  it('shows what is to make per drink and type, live', async () => {
    const gus = await newCustomer(app, 'Gus Count');
    const hal = await newCustomer(app, 'Hal Count');
    const a = await placeCafeOrder(app, gus.token, menuId(menus, 'Latte'));
    const b = await placeCafeOrder(app, hal.token, menuId(menus, 'Latte'));
    const c = await placeCafeOrder(app, gus.token, menuId(menus, 'Caramel Frappe'), { type: 'frappe' });
    const strip = page.getByTestId('all-day');
    await strip.getByText('2 x Latte hot').waitFor();
    await strip.getByText('1 x Caramel Frappe frappe').waitFor();
    await baristaPatch(app, barista, a.id, { status: 'rejected', reject_note: 'Machine Failure' });
    await strip.getByText('1 x Latte hot').waitFor();
    await screenshot(page, 'station-all-day');
    for (const o of [b, c]) await serve(o);
    await strip.getByText('nothing').waitFor();
  });

  it('recalls a done order with one tap and a cancelled one too', async () => {
    const ivy = await newCustomer(app, 'Ivy Recall');
    const order = await placeCafeOrder(app, ivy.token, menuId(menus, 'Espresso'));
    await baristaPatch(app, barista, order.id, { status: 'in-progress' });
    await baristaPatch(app, barista, order.id, { status: 'done' });
    await counterRow(order).getByRole('button', { name: 'Recall' }).click();
    await page
      .locator('section[aria-labelledby="section-in-progress-order"]')
      .locator(`[data-order-id="${order.id}"]`)
      .waitFor();
    expect(await statusOf(order)).toBe('in-progress');

    await card(order).getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel order' });
    await dialog.getByRole('radio', { name: 'Machine Failure' }).check();
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    const recent = page.getByTestId('recently-cancelled');
    const row = recent.getByTestId('pickup-row').filter({ hasText: 'Ivy Recall' });
    // Why it was cancelled, so that two cancelled drinks of one customer are told apart.
    expect(await row.innerText()).toMatch(/Cancelled at \d{1,2}:\d{2} · 0 min ago · Machine Failure/);
    await row.getByRole('button', { name: 'Recall' }).click();
    await card(order).waitFor();
    expect(await statusOf(order)).toBe('in-progress');
    await baristaPatch(app, barista, order.id, { status: 'done' });
    await baristaPatch(app, barista, order.id, { status: 'picked' });
  });

  it('tells a tap whose answer was lost as done, not as failed: it is sent again under its key and done once', async () => {
    const lee = await newCustomer(app, 'Lee Lost');
    const order = await placeCafeOrder(app, lee.token, menuId(menus, 'Latte'));
    let sent = 0;
    await page.route(
      `**/api/order/barista/${order.id}`,
      async (route) => {
        sent++;
        await route.fetch(); // the server starts it...
        await route.abort('connectionreset'); // ...and the board never hears back
      },
      { times: 1 },
    );
    await card(order).getByRole('button', { name: 'Do' }).click();
    await page
      .locator('section[aria-labelledby="section-in-progress-order"]')
      .locator(`[data-order-id="${order.id}"]`)
      .waitFor();
    expect(sent).toBe(1);
    expect(await page.getByText(`Could not start Latte for Lee Lost`).count()).toBe(0);
    const timeline = await app.api<{ kind: string }[]>(barista, 'GET', `/order/${order.id}/timeline`);
    expect(timeline.body.map((e) => e.kind)).toEqual(['placed', 'started']);
    await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Machine Failure' });
  });

  it('outlasts a Wi-Fi blip of a few seconds after a tap: the tap is told as done, not as failed', async () => {
    const max = await newCustomer(app, 'Max Blip');
    const order = await placeCafeOrder(app, max.token, menuId(menus, 'Latte'));
    let sent = 0;
    let through = false;
    const back = Date.now() + 3000;
    await page.route(`**/api/order/barista/${order.id}`, async (route) => {
      sent++;
      if (sent === 1) await route.fetch(); // the server starts it as the network goes...
      if (Date.now() < back) return route.abort('internetdisconnected'); // ...and nothing passes for 3 s
      through = true;
      return route.continue();
    });
    const failed = page.getByText('Could not start Latte for Max Blip');
    try {
      await card(order).getByRole('button', { name: 'Do' }).click();
      await until(async () => through || (await failed.count()) > 0, 'a try after the blip, or the failure told');
      await page
        .locator('section[aria-labelledby="section-in-progress-order"]')
        .locator(`[data-order-id="${order.id}"]`)
        .waitFor();
      expect(await failed.count()).toBe(0);
      const timeline = await app.api<{ kind: string }[]>(barista, 'GET', `/order/${order.id}/timeline`);
      expect(timeline.body.map((e) => e.kind)).toEqual(['placed', 'started']);
    } finally {
      await page.unroute(`**/api/order/barista/${order.id}`);
      await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Machine Failure' });
    }
  });

  it('does not announce a recalled order as new: the board held it already, cancelled', async () => {
    const kim = await newCustomer(app, 'Kim Recall');
    const order = await placeCafeOrder(app, kim.token, menuId(menus, 'Latte'));
    await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Machine Failure' });
    // Opened after the order came and went: no live message ever introduced it to this board.
    await page.reload();
    await page
      .getByTestId('recently-cancelled')
      .getByTestId('pickup-row')
      .filter({ hasText: 'Kim Recall' })
      .getByRole('button', { name: 'Recall' })
      .click();
    await card(order).waitFor();
    expect(await statusOf(order)).toBe('ordered');
    // The recall's live message has come (the card moved with it); a beep and banner would be shown by now.
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('new-order-alert').count()).toBe(0);
    await baristaPatch(app, barista, order.id, { status: 'rejected', reject_note: 'Machine Failure' });
  });

  it('shows a keyboard user where they are on a filled button: a ring, not a slightly lighter fill', async () => {
    const kit = await newCustomer(app, 'Kit Focus');
    const order = await placeCafeOrder(app, kit.token, menuId(menus, 'Latte'));
    const doButton = card(order).getByRole('button', { name: 'Do' });
    await doButton.waitFor();
    await page.keyboard.press('Shift'); // the keyboard in use, as MUI tells focus-visible
    await doButton.focus();
    await expect.poll(() => doButton.evaluate((el) => el.classList.contains('Mui-focusVisible'))).toBe(true);
    // Polled: the button's box-shadow has a transition of a quarter second.
    await expect
      .poll(() =>
        doButton.evaluate((el) => {
          const style = getComputedStyle(el);
          return [style.outlineStyle, style.outlineColor, style.boxShadow];
        }),
      )
      .toEqual(['solid', 'rgb(255, 255, 255)', 'rgb(31, 26, 23) 0px 0px 0px 4px']);
    await screenshot(page, 'station-focus-ring');
    await doButton.blur();
    await serve(order);
  });

  it("shows a keyboard user where they are on a ticket's icon: two rings inside it, not a faint tint", async () => {
    const ivy = await newCustomer(app, 'Ivy Focus');
    const order = await placeCafeOrder(app, ivy.token, menuId(menus, 'Mocha'));
    const timeline = card(order).getByRole('button', { name: 'Timeline of Mocha' });
    await timeline.waitFor();
    await page.keyboard.press('Shift'); // the keyboard in use, as MUI tells focus-visible
    await timeline.focus();
    await expect.poll(() => timeline.evaluate((el) => el.classList.contains('Mui-focusVisible'))).toBe(true);
    await expect
      .poll(() =>
        timeline.evaluate((el) => {
          const style = getComputedStyle(el);
          return [style.outlineStyle, style.outlineColor, style.outlineOffset, style.boxShadow];
        }),
      )
      .toEqual(['solid', 'rgb(31, 26, 23)', '-2px', 'rgb(255, 255, 255) 0px 0px 0px 4px inset']);
    await screenshot(page, 'station-icon-focus-ring');
    await timeline.blur();
    await serve(order);
  });

  it('runs on the keyboard: arrows move, Enter advances, X cancels, R recalls, ? explains', async () => {
    const jo = await newCustomer(app, 'Jo Keys');
    const order = await placeCafeOrder(app, jo.token, menuId(menus, 'Cappuccino'));
    await card(order).waitFor();
    const focusedId = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.ticket);
    await page.locator('body').focus();
    await page.keyboard.press('ArrowRight');
    expect(await focusedId()).toBe(order.id);
    await screenshot(page, 'station-keyboard-focus');
    // Each key moves the ticket, and the focus goes with it: Enter, Enter, R, X on the same drink, no mouse.
    const focusedSection = () =>
      page.evaluate(() => document.activeElement?.closest('section, [data-testid]:not([data-ticket])')?.textContent);
    await page.keyboard.press('Enter');
    await until(async () => (await statusOf(order)) === 'in-progress', 'started by Enter');
    await card(order).getByRole('button', { name: 'Done' }).waitFor();
    await expect.poll(focusedId).toBe(order.id);
    expect(await focusedSection()).toMatch(/^In Progress Order/);
    await screenshot(page, 'station-keyboard-focus-followed');
    await page.keyboard.press('Enter');
    await until(async () => (await statusOf(order)) === 'done', 'done by Enter');
    await counterRow(order).waitFor();
    await expect.poll(focusedId).toBe(order.id);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('pickup-row');
    await page.keyboard.press('r');
    await until(async () => (await statusOf(order)) === 'in-progress', 'recalled by R');
    await card(order).getByRole('button', { name: 'Done' }).waitFor();
    await expect.poll(focusedId).toBe(order.id);
    await page.keyboard.press('x');
    await page.getByRole('dialog', { name: 'Cancel order' }).waitFor();
    // The board's keys wait while a dialog is open: no help over it, two dialogs stacked.
    await page.getByRole('dialog', { name: 'Cancel order' }).getByRole('heading').first().click();
    await page.keyboard.press('?');
    await page.waitForTimeout(1000);
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    // As a person sees it go: a key pressed while the dialog still closes is the dialog's, not the board's.
    await page.getByRole('dialog', { name: 'Cancel order' }).waitFor({ state: 'hidden' });
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('Advance the ticket: Do, then Done').waitFor();
    await screenshot(page, 'station-keyboard-help');
    await expectNoSeriousA11yViolations(page);
    await help.getByRole('button', { name: 'Close', exact: true }).click();
    // Done and handed over from the keyboard: P acts on the counter row the focus went to.
    await card(order).focus();
    await page.keyboard.press('Enter');
    await counterRow(order).waitFor();
    await expect.poll(focusedId).toBe(order.id);
    await page.keyboard.press('p');
    await until(async () => (await statusOf(order)) === 'picked', 'handed over by P');
  });

  it("keeps the focus with the drink when a ticket's own buttons are pressed from the keyboard", async () => {
    const kit = await newCustomer(app, 'Kit Buttons');
    const order = await placeCafeOrder(app, kit.token, menuId(menus, 'Mocha'));
    await card(order).waitFor();
    const focusedTicket = () =>
      page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-ticket]')?.dataset.ticket);
    // Tab to Do and press it: the ticket moves to In Progress and the focus is not dropped to the page.
    await card(order).getByRole('button', { name: 'Do' }).focus();
    await page.keyboard.press('Enter');
    await until(async () => (await statusOf(order)) === 'in-progress', 'started by the Do button');
    await card(order).getByRole('button', { name: 'Done' }).waitFor();
    await expect.poll(focusedTicket, { timeout: 5000 }).toBe(order.id);
    // Landed in its new section (not only drawn anew where it was) before the next button is tabbed to.
    await expect
      .poll(() => card(order).evaluate((el) => el.closest('section')?.textContent?.startsWith('In Progress')))
      .toBe(true);
    // Enabled first: a button is disabled while its ticket's last move is on its way, and focus() does not wait.
    await card(order).getByRole('button', { name: 'Done', disabled: false }).focus();
    await page.keyboard.press('Space');
    await until(async () => (await statusOf(order)) === 'done', 'done by the Done button');
    await counterRow(order).waitFor();
    await expect.poll(focusedTicket, { timeout: 5000 }).toBe(order.id);
    await counterRow(order).getByRole('button', { name: 'Recall', disabled: false }).focus();
    await page.keyboard.press('Enter');
    await until(async () => (await statusOf(order)) === 'in-progress', 'recalled by the Recall button');
    await expect.poll(focusedTicket, { timeout: 5000 }).toBe(order.id);
    await baristaPatch(app, barista, order.id, { status: 'done' });
    await baristaPatch(app, barista, order.id, { status: 'picked' });
  });

  it('takes the next tap on a ticket at once, while the board is still refreshing its lists after the last', async () => {
    const zoe = await newCustomer(app, 'Zoe Quick');
    const order = await placeCafeOrder(app, zoe.token, menuId(menus, 'Espresso'));
    await card(order).waitFor();
    // A busy morning: the lists' refetch after each tap takes 3 s to answer.
    const slow = (url: URL) => url.pathname === '/api/order' && url.searchParams.has('status');
    await page.route(slow, async (route) => {
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue().catch(() => undefined);
    });
    try {
      await card(order).getByRole('button', { name: 'Do' }).click();
      await until(async () => (await statusOf(order)) === 'in-progress', 'started');
      // The ticket has moved on its answer: Done is there to tap at once, not once the lists are refreshed.
      const done = page
        .locator('section[aria-labelledby="section-in-progress-order"]')
        .locator(`[data-order-id="${order.id}"]`)
        .getByRole('button', { name: 'Done', disabled: false });
      await done.waitFor({ timeout: 1500 });
      await done.click();
      await until(async () => (await statusOf(order)) === 'done', 'done by the second tap', 2500);
    } finally {
      await page.unroute(slow);
      if ((await statusOf(order)) !== 'done') await baristaPatch(app, barista, order.id, { status: 'done' });
      await baristaPatch(app, barista, order.id, { status: 'picked' });
    }
  });

  it('ages tickets amber at 5 and red at 10 minutes on a pinned clock', async () => {
    const clocked = await newDesktopPage(browser);
    await clocked.clock.install({ time: new Date() });
    // Placed before the board opens, so its first load lists it (this test is about age, not live arrival).
    const kim = await newCustomer(app, 'Kim Clock');
    const order = await placeCafeOrder(app, kim.token, menuId(menus, 'Americano'));
    await signInWithTokens(clocked, app, 'barista@woxa.tech', '/ordering');
    const ticket = card(order, clocked);
    await ticket.waitFor();
    expect(await ticket.getAttribute('data-age')).toBe('fresh');
    await clocked.clock.fastForward('05:01');
    await until(async () => (await ticket.getAttribute('data-age')) === 'warn', 'amber');
    expect(await ticket.getByTestId('ticket-age').innerText()).toMatch(/^5:0\d$/);
    await clocked.clock.fastForward('05:00');
    await until(async () => (await ticket.getAttribute('data-age')) === 'late', 'red');
    await screenshot(clocked, 'station-age-late');
    await clocked.context().close();
    await serve(order);
  });

  it("shows a customer's new name on their ticket as soon as they change it", async () => {
    const gus = await newCustomer(app, 'Gus Before');
    const order = await placeCafeOrder(app, gus.token, menuId(menus, 'Latte'));
    await card(order).getByText('Gus Before').waitFor();
    expect((await app.api(gus.token, 'PATCH', '/user', { name: 'Gus After' })).status).toBe(200);
    await card(order).getByText('Gus After').waitFor({ timeout: 5000 });
    await serve(order);
  });

  it('keeps the drink and name of a waiting and a cancelled order clear of their buttons and inside the card on a phone', async () => {
    const created = await newMenu(app, barista, 'Coffee', { name: WIDE_NAME });
    const wide = await newCustomer(app, WIDE_PERSON);
    const done = await placeCafeOrder(app, wide.token, created);
    await baristaPatch(app, barista, done.id, { status: 'in-progress' });
    await baristaPatch(app, barista, done.id, { status: 'done' });
    const cancelled = await placeCafeOrder(app, wide.token, created);
    await baristaPatch(app, barista, cancelled.id, { status: 'rejected', reject_note: 'Machine Failure' });
    const phone = await newPhonePage(browser);
    await signInWithTokens(phone, app, 'barista@woxa.tech', '/ordering');
    for (const size of PHONE_SIZES) {
      await phone.setViewportSize(size);
      for (const section of ['waiting-pickup', 'recently-cancelled']) {
        const card = phone.getByTestId(section);
        const row = card.getByTestId('pickup-row').filter({ hasText: WIDE_PERSON });
        const line = row.getByText(`${WIDE_NAME} · ${WIDE_PERSON}`);
        await line.scrollIntoViewIfNeeded();
        const where = `${section} at ${size.width}`;
        expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth), where).toBe(true);
        const text = await textBox(line);
        const edge = (await card.boundingBox())!;
        expect(text.right, where).toBeLessThanOrEqual(edge.x + edge.width);
        for (const button of await row.getByRole('button').all()) {
          const b = (await button.boundingBox())!;
          const apart =
            b.x >= text.right || b.x + b.width <= text.left || b.y >= text.bottom || b.y + b.height <= text.top;
          expect(apart, `${await button.innerText()} in ${where}`).toBe(true);
        }
        await screenshot(phone, `station-counter-long-name-${section}-${size.width}`);
      }
      expect(await pageWidth(phone)).toBeLessThanOrEqual(size.width);
    }
    await phone.context().close();
    await baristaPatch(app, barista, done.id, { status: 'picked' });
  });
});

describe('the barista station on a server that lets orders be recalled for 10 minutes, or not at all', () => {
  it.each([
    ['600', 'Recall a done or cancelled order (within 10 minutes)'],
    ['0', null],
  ])('RECALL_WINDOW_SECONDS=%s: the counter and the keyboard help follow it', async (seconds, helpRow) => {
    const own = await startApp({ RECALL_WINDOW_SECONDS: seconds });
    const desk = await newDesktopPage(browser);
    try {
      const token = (await own.login('barista@woxa.tech', 'password123')).accessToken;
      const ada = await newCustomer(own, 'Ada Window');
      const order = await placeCafeOrder(own, ada.token, menuId(await catalog(own, token), 'Espresso'));
      await baristaPatch(own, token, order.id, { status: 'in-progress' });
      await baristaPatch(own, token, order.id, { status: 'done' });
      await signInWithTokens(desk, own, 'barista@woxa.tech', '/ordering');
      const row = desk.getByTestId('pickup-row').filter({ hasText: '· Ada Window' });
      await row.getByRole('button', { name: 'Picked up' }).waitFor();
      // The server refuses every recall with a window of 0: the board offers none rather than one that fails.
      expect(await row.getByRole('button', { name: 'Recall' }).count()).toBe(helpRow ? 1 : 0);
      await desk.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      const help = desk.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.getByText('Show this help').waitFor();
      const recallRow = help.getByText(/^Recall a done or cancelled order/);
      if (helpRow) expect(await recallRow.innerText()).toBe(helpRow);
      else expect(await recallRow.count()).toBe(0);
    } finally {
      await desk.context().close();
      await own.stop();
    }
  });
});
