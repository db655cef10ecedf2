import type { Role, User } from '@drinks/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import { newPhonePage, openBrowser, screenshot } from '../support/browser.js';
import { setShop, signInWithTokens } from '../support/customer.js';
import { newCustomer } from './staff-support.js';

let app: RunningApp;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  admin = (await app.login('admin@woxa.tech', 'password123')).accessToken;
  const barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  await setShop(app, barista, 'cafe-open');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function newPerson(name: string) {
  const person = await newCustomer(app, name);
  const id = (await app.api<User>(person.token, 'GET', '/user/me')).body.id;
  const setRole = async (role: Role) =>
    expect((await app.api(admin, 'PATCH', `/user/${id}`, { role })).status).toBe(200);
  return { ...person, id, setRole };
}

/** Opens `path` signed in as `email` and waits for the live socket's hello (a role change closes it). */
async function openLive(page: Page, email: string, path: string): Promise<void> {
  const hello = new Promise<void>((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"hello"')) resolve();
      }),
    ),
  );
  await signInWithTokens(page, app, email, path);
  await hello;
}

describe('when an admin changes the role of someone using the app', () => {
  it("takes them to the new role's home at once: the board, the admin's menu, the user's menu", async () => {
    const person = await newPerson('Promoted Guest');
    const page = await newPhonePage(browser);
    await openLive(page, person.email, '/menuCafe');
    await page.getByText('Ordered 0/2').waitFor();

    await person.setRole('barista');
    await page.waitForURL(`${app.url}/ordering`);
    await page.getByRole('link', { name: 'Menu Management' }).waitFor();
    expect(await page.getByText('Unauthorized').count()).toBe(0);
    await screenshot(page, 'staff-role-change-to-barista-phone');

    await person.setRole('admin');
    await page.waitForURL(`${app.url}/menuCafe-admin`);
    await page.getByText('Ordered 0/2').waitFor();

    await person.setRole('user');
    await page.waitForURL(`${app.url}/menuCafe`);
    await page.getByText('Ordered 0/2').waitFor();
    await page.context().close();
  });

  it('takes a barista made a user off the board at once, to the menu', async () => {
    const person = await newPerson('Demoted Dee');
    await person.setRole('barista');
    const page = await newPhonePage(browser);
    await openLive(page, person.email, '/ordering');
    await page.getByRole('heading', { name: 'Waiting Order' }).waitFor();

    await person.setRole('user');
    await page.waitForURL(`${app.url}/menuCafe`);
    await page.getByText('Ordered 0/2').waitFor();
    await page.context().close();
  });

  it("shows Unauthorized, with the way to the new role's home, for an old screen opened after the change", async () => {
    // The app was closed when the role changed: the address is one the new role has not (customer-side.md §2).
    const person = await newPerson('Returning Guest');
    await person.setRole('barista');
    const page = await newPhonePage(browser);
    await signInWithTokens(page, app, person.email, '/menuCafe');
    await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    await page.getByRole('button', { name: 'Back to home' }).click();
    await page.waitForURL(`${app.url}/ordering`);
    await page.context().close();
  });
});

describe('when an admin disables the account of someone using the app', () => {
  it('signs them out to the login page at once, and the app stops asking the server', async () => {
    const person = await newPerson('Leaving Guest');
    const page = await newPhonePage(browser);
    await openLive(page, person.email, '/menuCafe');
    await page.getByText('Ordered 0/2').waitFor();
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) refused.push(r.url());
    });

    expect((await app.api(admin, 'PATCH', `/user/${person.id}`, { isAvailable: false })).status).toBe(200);
    await page.waitForURL(`${app.url}/login`);
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.getByText('Your session has ended. Please log in again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
    // Before, the open app kept retrying: two refused calls a second until someone reloaded it.
    const seen = refused.length;
    await page.waitForTimeout(3000);
    expect(refused.slice(seen)).toEqual([]);
    await page.context().close();
  });

  it('tells them their session has ended when they open the app again after it', async () => {
    const person = await newPerson('Returning Leaver');
    const page = await newPhonePage(browser);
    await signInWithTokens(page, app, person.email, '/menuCafe');
    await page.getByText('Ordered 0/2').waitFor();
    await page.goto('about:blank');

    expect((await app.api(admin, 'PATCH', `/user/${person.id}`, { isAvailable: false })).status).toBe(200);
    await page.goto(`${app.url}/menuCafe`);
    await page.waitForURL(`${app.url}/login`);
    await page.getByText('Your session has ended. Please log in again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
    await page.context().close();
  });
});
