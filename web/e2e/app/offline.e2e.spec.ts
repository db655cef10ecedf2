import { addDays, businessDay, startOfBusinessDay } from '@drinks/contracts';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startApp, type RunningApp } from '../support/app.js';
import {
  expectNoSeriousA11yViolations,
  newPhonePage,
  openBrowser,
  screenshot,
  untilInstalled,
} from '../support/browser.js';
import { signInWithTokens, takeAlert } from '../support/customer.js';
import { baristaPatch, catalog, menuId, newCustomer, placeCafeOrder } from '../staff/staff-support.js';
import { testNow } from '../support/business-clock.js';

let app: RunningApp;
let browser: Browser;
let page: Page;
let waitingId: string;
let readyId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  const barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  const customer = await newCustomer(app, 'Offline Olive');
  const menus = await catalog(app, customer.token);
  waitingId = (await placeCafeOrder(app, customer.token, menuId(menus, 'Latte'))).id;
  readyId = (await placeCafeOrder(app, customer.token, menuId(menus, 'Mocha'))).id;
  await baristaPatch(app, barista, readyId, { status: 'in-progress' });
  await baristaPatch(app, barista, readyId, { status: 'done' });
  page = await newPhonePage(browser);
  await signInWithTokens(page, app, customer.email, '/statusOrder');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

function cardOf(menu: string) {
  return page.getByTestId('order-card').filter({ hasText: menu });
}

describe('the app on a phone', () => {
  it('installs: the manifest is linked and the service worker controls the page', async () => {
    await cardOf('Latte').waitFor();
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '';
      return (await fetch(href)).json() as Promise<{ name: string; display: string; icons: unknown[] }>;
    });
    expect(manifest).toMatchObject({ name: 'Woxa Cafe', display: 'standalone' });
    expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
    await untilInstalled(page);
    expect(await page.evaluate(() => new URL(navigator.serviceWorker.controller!.scriptURL).pathname)).toBe('/sw.js');
  });

  it('opens offline with the last-known orders, their age, and every order action disabled', async () => {
    // The answers the page saw are kept in storage (not in the service worker) for this moment.
    await page.waitForFunction(
      ([a, b]) => {
        const saved = localStorage.getItem('queryCache') ?? '';
        return saved.includes(a!) && saved.includes(b!);
      },
      [waitingId, readyId],
    );
    await page.context().setOffline(true);
    await page.reload();

    await page.getByText('You are offline.').waitFor();
    const latte = cardOf('Latte');
    const mocha = cardOf('Mocha');
    await latte.waitFor();
    expect(await latte.getAttribute('data-status')).toBe('ordered');
    expect(await mocha.getAttribute('data-status')).toBe('done');
    expect(await page.getByTestId('last-known').innerText()).toMatch(
      /^Last known, as of \d{2}:\d{2} · (just now|\d+ min ago)$/,
    );
    // Nobody is pulling: the refresh hint does not ask to release a pull.
    expect(await page.getByText('Release to refresh…').count()).toBe(0);
    expect(await latte.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    expect(await mocha.getByRole('button', { name: 'Pick Up' }).isDisabled()).toBe(true);
    // Its key is fetched from the server: the button went grey and silent until back online.
    expect(await page.getByTestId('notify-me').first().isDisabled()).toBe(true);
    await screenshot(page, 'offline-status-order');
    await expectNoSeriousA11yViolations(page);
  });

  it('comes back online: the banner goes, the orders are fetched afresh and the actions work again', async () => {
    await page.context().setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await page.getByTestId('last-known').waitFor({ state: 'detached' });
    expect(await cardOf('Latte').getByRole('button', { name: 'Cancel' }).isEnabled()).toBe(true);
    expect(await cardOf('Mocha').getByRole('button', { name: 'Pick Up' }).isEnabled()).toBe(true);
  });
});

/** GETs of the person's orders the page sends, and whether its live socket has said hello. */
function watch(page: Page) {
  const seen = { ordersFetched: 0, hello: false };
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname === '/api/order' && url.searchParams.has('startDate'))
      seen.ordersFetched += 1;
  });
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"type":"hello"')) seen.hello = true;
    }),
  );
  return seen;
}

describe('a customer screen as it opens', () => {
  it('fetches the orders once: the live socket’s hello brings nothing its answers had not read', async () => {
    const customer = await newCustomer(app, 'Once Oscar');
    const menus = await catalog(app, customer.token);
    await placeCafeOrder(app, customer.token, menuId(menus, 'Latte'));
    const page: Page = await newPhonePage(browser);
    const seen = watch(page);
    await signInWithTokens(page, app, customer.email, '/statusOrder');
    await page.getByTestId('order-card').filter({ hasText: 'Latte' }).waitFor();
    await expect.poll(() => seen.hello, { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(1_000); // a refetch the hello caused would have gone out by now
    expect(seen.ordersFetched).toBe(1);

    // What changes after the hello still arrives live.
    await placeCafeOrder(app, customer.token, menuId(menus, 'Mocha'));
    await page.getByTestId('order-card').filter({ hasText: 'Mocha' }).waitFor({ timeout: 10_000 });
    await page.close();
  });
});

describe('a menu tapped offline', () => {
  it('answers at once from the last count seen, instead of acting by itself once back online', async () => {
    const customer = await newCustomer(app, 'Tapping Tam');
    const menus = await catalog(app, customer.token);
    await placeCafeOrder(app, customer.token, menuId(menus, 'Latte'));
    await placeCafeOrder(app, customer.token, menuId(menus, 'Mocha'));
    const page: Page = await newPhonePage(browser);
    await signInWithTokens(page, app, customer.email, '/menuCafe');
    await page.getByText('Ordered 2/2').waitFor();
    // Installed, as on a phone that has opened the app before: its screens open offline.
    await untilInstalled(page);
    await page.context().setOffline(true);
    await page.getByTestId('menu-item').filter({ hasText: 'Americano' }).click();
    expect(await takeAlert(page)).toBe('You already reached your order limit!');
    await page.context().setOffline(false);
    await page.waitForTimeout(1_500); // a tap that waited for the network would act now
    expect(new URL(page.url()).pathname).toBe('/menuCafe');
    await page.close();
  });
});

describe("the barista's board offline", () => {
  it("says what waits in the board's words, not the customer's", async () => {
    const page: Page = await newPhonePage(browser);
    await signInWithTokens(page, app, 'barista@woxa.tech', '/ordering');
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.locator(`[data-ticket="${waitingId}"]`).waitFor();
    // Its scripts cached, as on a board in use: the Cancel order dialog can open offline.
    await untilInstalled(page);
    await page.context().setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await banner
      .getByText('starting, finishing and cancelling them and the shop status wait', { exact: false })
      .waitFor();
    expect(await banner.getByText('picking up', { exact: false }).count()).toBe(0);
    // The keys do what the disabled buttons do: Enter said 'Could not start…', X opened Cancel order.
    const ticket = page.locator(`[data-ticket="${waitingId}"]`);
    await ticket.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('x');
    await page.waitForTimeout(1000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByText('Could not start', { exact: false }).count()).toBe(0);
    await page.context().setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    // Nor is the key's start sent once back online, long after the barista pressed it.
    await page.waitForTimeout(2000);
    const barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
    expect((await app.api<{ status: string }>(barista, 'GET', `/order/${waitingId}`)).body.status).toBe('ordered');
    await page.close();
  });
});

describe('history opened offline', () => {
  it('says it shows once back online, rather than loading for ever, and then shows it', async () => {
    const customer = await newCustomer(app, 'History Hana');
    const page: Page = await newPhonePage(browser);
    await signInWithTokens(page, app, customer.email, '/statusOrder');
    await untilInstalled(page);
    await page.context().setOffline(true);
    await page.goto(`${app.url}/history`);
    await page.getByText('History shows once you are back online.').waitFor();
    await page.context().setOffline(false);
    await page.getByText('No history found for this period').waitFor();
    await page.close();
  });
});

describe('the orders opened offline on a new day', () => {
  it('say they show once back online, rather than loading for ever, and then show', async () => {
    const customer = await newCustomer(app, 'Morning Mai');
    const page: Page = await newPhonePage(browser);
    await signInWithTokens(page, app, customer.email, '/statusOrder');
    await page.getByTestId('orders-empty').waitFor();
    await untilInstalled(page);
    await page.context().setOffline(true);
    // The next morning: nothing was seen for that day, and the request for it waits for the network.
    await page.clock.install({ time: new Date(Date.now() + 24 * 3600 * 1000) });
    await page.reload();
    await page.getByText('You are offline.').waitFor();
    await page.getByText('Your orders show once you are back online.').waitFor();
    expect(await page.getByRole('progressbar', { name: 'Loading orders' }).count()).toBe(0);
    await page.context().setOffline(false);
    await page.getByTestId('orders-empty').waitFor();
    await page.close();
  });
});

describe('the board opened offline the next morning', () => {
  it("shows the queue it last saw with that day's date beside the time", async () => {
    const page: Page = await newPhonePage(browser);
    await signInWithTokens(page, app, 'barista@woxa.tech', '/ordering');
    await page.locator(`[data-ticket="${waitingId}"]`).waitFor();
    await untilInstalled(page);
    await page.waitForFunction((id) => (localStorage.getItem('queryCache') ?? '').includes(id), waitingId);
    await page.context().setOffline(true);
    // Five minutes into the next business day, by the app's clock (kept answers last a day).
    const shift = testNow().getTime() - Date.now();
    const tomorrow = addDays(businessDay(testNow(), 'Asia/Bangkok'), 1);
    await page.clock.install({ time: startOfBusinessDay(tomorrow, 'Asia/Bangkok').getTime() + 5 * 60_000 - shift });
    await page.reload();
    await page.locator(`[data-ticket="${waitingId}"]`).waitFor();
    // '06:44' alone read as this morning's.
    expect(await page.getByTestId('last-known').innerText()).toMatch(
      /^Last known, as of \d{1,2} [A-Z][a-z]{2} \d{2}:\d{2} · (just now|\d+ (min|h) ago)$/,
    );
    await page.context().setOffline(false);
    await page.close();
  });
});

describe('a new version', () => {
  it('deployed while the app is open says "Update available", and Reload loads it with the order form as it was', async () => {
    // An app of its own, serving a copy of the build, so that a deploy can change it on disk.
    const webDir = await mkdtemp(join(tmpdir(), 'drinks-web-'));
    await cp(join(ROOT, 'web', 'dist'), webDir, { recursive: true });
    const own = await startApp({ WEB_DIR: webDir });
    const page: Page = await newPhonePage(browser);
    try {
      const customer = await newCustomer(own, 'Update Uma');
      const latte = menuId(await catalog(own, customer.token), 'Latte');
      await signInWithTokens(page, own, customer.email, `/form/Latte/${latte}`);
      await untilInstalled(page);
      // Half filled in when the notice comes.
      await page.getByRole('radio', { name: 'Hot' }).check();
      await page.getByRole('radio', { name: '75%', exact: true }).check();
      await page.getByLabel('Additional').fill('oat milk');
      await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
      await appendFile(join(webDir, 'sw.js'), '\n// the next version\n');
      // What the app's half-hourly check does, long after the page loaded.
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
      const notice = page.getByTestId('update-available');
      await notice.waitFor({ timeout: 30_000 });
      await screenshot(page, 'update-available');
      await notice.getByRole('button', { name: 'Reload' }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false), {
          timeout: 10_000,
        })
        .toBe(false);
      await page.getByRole('heading', { name: 'Latte' }).waitFor();
      expect(await page.getByTestId('update-available').count()).toBe(0);
      expect(await page.getByRole('radio', { name: 'Hot' }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: '75%', exact: true }).isChecked()).toBe(true);
      expect(await page.getByLabel('Additional').inputValue()).toBe('oat milk');
      await screenshot(page, 'form-after-reload');
      // Only a reload brings it back: the same form opened afresh is empty.
      await page.goto(`${own.url}/form/Latte/${latte}`);
      await page.getByRole('heading', { name: 'Latte' }).waitFor();
      expect(await page.getByLabel('Additional').inputValue()).toBe('');
    } finally {
      await page.context().close();
      await own.stop();
      await rm(webDir, { recursive: true, force: true });
    }
  });
});

describe('a live connection that dies without closing', () => {
  it('is noticed when the phone wakes: a new socket is opened and the card moves live again', async () => {
    const barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
    const customer = await newCustomer(app, 'Sleepy Sam');
    const menus = await catalog(app, customer.token);
    const orderId = (await placeCafeOrder(app, customer.token, menuId(menus, 'Latte'))).id;
    const page: Page = await newPhonePage(browser);
    // Each socket goes through here; those open when the phone 'sleeps' go silent both ways, as a dropped
    // Wi-Fi leaves them: open on the phone, nothing arriving, no close.
    let sockets = 0;
    let silentUpTo = 0;
    let hellos = 0;
    await page.routeWebSocket(/\/api\/websockets$/, (ws) => {
      const n = ++sockets;
      const server = ws.connectToServer();
      const passes = () => n > silentUpTo;
      ws.onMessage((m) => passes() && server.send(m));
      server.onMessage((m) => {
        if (!passes()) return;
        if (String(m).includes('"hello"')) hellos += 1;
        ws.send(m);
      });
    });
    try {
      await signInWithTokens(page, app, customer.email, '/statusOrder');
      const card = page.getByTestId('order-card').filter({ hasText: 'Latte' });
      await card.waitFor();
      await expect.poll(() => hellos).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      silentUpTo = sockets;
      const hellosBefore = hellos;
      // The phone wakes up: the page is shown again.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect.poll(() => sockets, { timeout: 30_000 }).toBeGreaterThan(silentUpTo);
      await expect.poll(() => hellos, { timeout: 10_000 }).toBeGreaterThan(hellosBefore);
      await baristaPatch(app, barista, orderId, { status: 'in-progress' });
      await card.getByTestId('tracker').and(page.locator('[data-step="1"]')).waitFor({ timeout: 10_000 });
    } finally {
      await page.context().close();
    }
  });
});

describe('the server down while the phone has a network', () => {
  it('says the server cannot be reached and shows the orders as last known', async () => {
    const own = await startApp();
    const page: Page = await newPhonePage(browser);
    try {
      const customer = await newCustomer(own, 'Down Dana');
      const menus = await catalog(own, customer.token);
      await placeCafeOrder(own, customer.token, menuId(menus, 'Latte'));
      await signInWithTokens(page, own, customer.email, '/statusOrder');
      await page.getByTestId('order-card').filter({ hasText: 'Latte' }).waitFor();
      expect(await page.getByTestId('last-known').count()).toBe(0);
      await own.stop();
      const banner = page.getByTestId('unreachable-banner');
      await banner.getByText('The server cannot be reached.').waitFor({ timeout: 15_000 });
      await page.getByTestId('last-known').waitFor();
      expect(await page.getByTestId('offline-banner').count()).toBe(0);
      await screenshot(page, 'server-unreachable');
    } finally {
      await page.context().close();
      await own.stop().catch(() => undefined);
    }
  });

  it("says so when the live connection's code cannot be fetched, and goes live once it can", async () => {
    const barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
    const customer = await newCustomer(app, 'Restart Rita');
    const menus = await catalog(app, customer.token);
    const { id } = await placeCafeOrder(app, customer.token, menuId(menus, 'Latte'));
    // No service worker: its cache would hand the code over with the server down.
    const page: Page = await newPhonePage(browser, undefined, { serviceWorkers: 'block' });
    try {
      // The server stops answering (a restart) just after the first screen's code came in.
      await page.route('**/assets/background-*.js', (route) => route.abort('connectionrefused'));
      await page.route('**/api/healthz', (route) => route.abort('connectionrefused'));
      await signInWithTokens(page, app, customer.email, '/statusOrder');
      const card = page.getByTestId('order-card').filter({ hasText: 'Latte' });
      await card.waitFor();
      const banner = page.getByTestId('unreachable-banner');
      await banner.getByText('The server cannot be reached.').waitFor();
      expect(await card.getAttribute('data-status')).toBe('ordered');
      await page.unrouteAll();
      await banner.waitFor({ state: 'detached' });
      await baristaPatch(app, barista, id, { status: 'in-progress' });
      await page.waitForFunction(
        (orderId) =>
          document.querySelector(`[data-order-id="${orderId}"]`)?.getAttribute('data-status') === 'in-progress',
        id,
      );
    } finally {
      await page.context().close();
    }
  });

  it('says so at the first call that gets no answer, with its socket still open, and no more once one does', async () => {
    const customer = await newCustomer(app, 'Flaky Fran');
    const menus = await catalog(app, customer.token);
    await placeCafeOrder(app, customer.token, menuId(menus, 'Latte'));
    const page: Page = await newPhonePage(browser);
    const seen = watch(page);
    try {
      await signInWithTokens(page, app, customer.email, '/statusOrder');
      const card = page.getByTestId('order-card').filter({ hasText: 'Latte' });
      await card.waitFor();
      // The socket's hello says the server answers: one arriving just after the refused call below would take
      // the banner away before it could be seen.
      await expect.poll(() => seen.hello, { timeout: 10_000 }).toBe(true);
      const banner = page.getByTestId('unreachable-banner');
      const dialog = page.getByRole('dialog', { name: 'You want to cancel Latte?' });
      // Cancel first asks the server for the order: refused here (the live socket is not), it gets no answer.
      await page.route('**/api/order/*', (route) => route.abort('connectionrefused'));
      await card.getByRole('button', { name: 'Cancel' }).click();
      await banner.getByText('The server cannot be reached.').waitFor();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await page.unroute('**/api/order/*');
      await card.getByRole('button', { name: 'Cancel' }).click();
      await banner.waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    } finally {
      await page.context().close();
    }
  });
});
