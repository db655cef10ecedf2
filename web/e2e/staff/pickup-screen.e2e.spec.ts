import type { Order } from '@drinks/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import {
  expectNoSeriousA11yViolations,
  failCalls,
  newDesktopPage,
  newPhonePage,
  openBrowser,
  screenshot,
} from '../support/browser.js';
import { signInWithTokens } from '../support/customer.js';
import { catalog, menuId, newCustomer, placeCafeOrder } from './staff-support.js';

// The pick-up screen on a TV by the counter (loopback counts as the counter network by default),
// and a recall the customer sees move back on the status page.

let app: RunningApp;
let browser: Browser;
let barista: string;
let menus: Awaited<ReturnType<typeof catalog>>;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  menus = await catalog(app, barista);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const setStatus = (o: Order, body: Record<string, unknown>) =>
  app.api<Order>(barista, 'PATCH', `/order/barista/${o.id}`, body);
async function serve(o: Order) {
  expect((await setStatus(o, { status: 'in-progress' })).status).toBe(200);
  expect((await setStatus(o, { status: 'done' })).status).toBe(200);
}
/** A new customer's Latte, made and waiting on the counter. */
async function latteReady(name: string) {
  const customer = await newCustomer(app, name);
  const order = await placeCafeOrder(app, customer.token, menuId(menus, 'Latte'));
  await serve(order);
  return { customer, order };
}

describe('the pick-up screen', () => {
  let tv: Page;
  beforeAll(async () => {
    tv = await newDesktopPage(browser);
  });

  it('shows ready drinks by first name without sign-in, live as baristas complete them, and nothing else of the customer', async () => {
    const first = await newCustomer(app, 'Nina Privatesurname');
    const order = await placeCafeOrder(app, first.token, menuId(menus, 'Latte'), {
      remark: 'secret remark',
      type: 'cold',
    });
    await serve(order);
    await tv.goto(`${app.url}/ready`);
    await tv.getByRole('heading', { name: 'Ready to pick up' }).waitFor();
    const list = tv.getByRole('list', { name: 'Ready to pick up' });
    const row = list.getByRole('listitem').filter({ hasText: 'Nina' });
    await row.waitFor();
    // The word the board and the form use for the type, not another one.
    expect(await row.innerText()).toMatch(/Nina\s*Latte · Cold/);
    const text = await tv.locator('body').innerText();
    for (const hidden of ['Privatesurname', 'secret remark', first.email]) expect(text).not.toContain(hidden);
    expect(await tv.locator('img').count()).toBe(0);

    // A barista completes another order: it appears without a reload.
    const second = await newCustomer(app, 'Omar Second');
    const next = await placeCafeOrder(app, second.token, menuId(menus, 'Mocha'));
    await serve(next);
    await list.getByRole('listitem').filter({ hasText: 'Omar' }).waitFor({ timeout: 8_000 });
    await screenshot(tv, 'pickup-screen-desktop');
    await expectNoSeriousA11yViolations(tv);

    // Handed over: it leaves the screen.
    expect((await setStatus(order, { status: 'picked' })).status).toBe(200);
    await row.waitFor({ state: 'detached', timeout: 8_000 });
    expect((await setStatus(next, { status: 'picked' })).status).toBe(200);
  });
});

describe('the pick-up screen when the server does not answer', () => {
  it('keeps the last list and says since when it was not updated, until a poll answers again', async () => {
    const { order } = await latteReady('Pia Waiting');
    const tv = await newDesktopPage(browser);
    try {
      await tv.goto(`${app.url}/ready`);
      const list = tv.getByRole('list', { name: 'Ready to pick up' });
      await list.getByRole('listitem').filter({ hasText: 'Pia' }).waitFor();
      const stale = tv.getByRole('status').filter({ hasText: 'Not updated since' });
      expect(await stale.count()).toBe(0);
      const polls = await failCalls(tv, (url) => url.pathname === '/api/order/ready');
      await stale.waitFor({ timeout: 8_000 });
      expect(await stale.innerText()).toMatch(/^Not updated since \d{1,2}:\d{2} · just now\. Trying again…$/);
      expect(await list.getByRole('listitem').filter({ hasText: 'Pia' }).count()).toBe(1);
      await screenshot(tv, 'pickup-screen-not-updated');
      await polls.stop();
      await stale.waitFor({ state: 'detached', timeout: 8_000 });
    } finally {
      await tv.context().close();
      expect((await setStatus(order, { status: 'picked' })).status).toBe(200);
    }
  });
});

describe('a recall seen by the customer', () => {
  it('moves the done order back to in progress on the status page, live', async () => {
    const { customer, order } = await latteReady('Rita Recall');
    const page = await newPhonePage(browser);
    await signInWithTokens(page, app, customer.email, '/statusOrder');
    const card = page.getByTestId('order-card').first();
    await card.getByText('Click "Pick Up" after take your cup').waitFor();
    const recall = await app.api<Order>(barista, 'POST', `/order/barista/${order.id}/recall`);
    expect(recall.status).toBe(200);
    await card.locator('[data-step="1"]').waitFor({ timeout: 8_000 });
    expect(await card.getByRole('button', { name: 'Pick Up' }).count()).toBe(0);
    await screenshot(page, 'status-order-recalled');
    expect((await setStatus(order, { status: 'done' })).status).toBe(200);
    await page.close();
  });
});
