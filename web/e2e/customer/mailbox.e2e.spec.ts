import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import { expectNoSeriousA11yViolations, failCalls, newPhonePage, openBrowser, screenshot } from '../support/browser.js';
import { takeAlert } from '../support/customer.js';
import { startTestSmtp, type TestSmtp } from '../../../scripts/stand-ins/smtp-server.js';

let smtp: TestSmtp;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  smtp = await startTestSmtp();
  [app, browser] = await Promise.all([
    startApp((url) => ({ SMTP_URL: smtp.url, APP_URL: url, ADMIN_EMAILS: 'lead@woxa.tech' })),
    openBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

describe('a new account proves its mailbox', () => {
  it("tells of the mailbox step from the server's answer, even when the app's configuration did not load", async () => {
    const page = await newPhonePage(browser, undefined, { serviceWorkers: 'block' });
    const config = await failCalls(page, (url) => url.pathname === '/api/config');
    try {
      await page.goto(`${app.url}/create`);
      await page.getByLabel('Name').fill('Noor');
      await page.getByRole('textbox', { name: 'Email' }).fill('noor@woxa.tech');
      await page.getByLabel('Password').fill('tall-latte-1');
      await page.getByRole('button', { name: 'Create' }).click();
      expect(config.count).toBeGreaterThan(0);
      expect(await takeAlert(page)).toContain('Check your mailbox');
    } finally {
      await page.context().close();
    }
  });

  it('registers, is told why ordering waits, opens the mailed link and places an order', async () => {
    const page = await newPhonePage(browser);
    await page.goto(`${app.url}/create`);
    await page.getByLabel('Name').fill('Ploy');
    await page.getByRole('textbox', { name: 'Email' }).fill('ploy@woxa.tech');
    await page.getByLabel('Password').fill('tall-latte-1');
    await page.getByRole('button', { name: 'Create' }).click();
    expect(await takeAlert(page)).toContain('Check your mailbox');
    await page.waitForURL(`${app.url}/login`);

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('ploy@woxa.tech');
    await page.getByLabel('Password').fill('tall-latte-1');
    await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
    await page.getByText('Confirm your email to order: open the link we mailed to ploy@woxa.tech.').waitFor();
    await screenshot(page, 'verify-banner');
    await expectNoSeriousA11yViolations(page);

    const link = await smtp.link('ploy@woxa.tech', '/verify-email?token=');
    // Opened in a second tab: the first one drops its banner by itself.
    const second = await page.context().newPage();
    await second.goto(link);
    await second.getByText('Your email is confirmed. You can order now.').waitFor();
    await page.getByText('Confirm your email to order').waitFor({ state: 'detached' });
    await second.close();
    await page.goto(link);
    // The same link again, and one a mail program cut short: plain words, not the server's check.
    await page.getByText('Your email is already confirmed. You can order.').waitFor();
    await page.goto(`${app.url}/verify-email?token=bogus`);
    await page.getByText('Your email is already confirmed. You can order.').waitFor();
    const stranger = await browser.newContext();
    const cut = await stranger.newPage();
    await cut.goto(`${app.url}/verify-email?token=bogus`);
    await cut.getByText('This link is invalid, already used or expired.').waitFor();
    await stranger.close();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.goto(`${app.url}/menuCafe`);
    expect(await page.getByText('Confirm your email to order').count()).toBe(0);
    await page.getByTestId('menu-item').filter({ hasText: 'Latte' }).click();
    await page.getByRole('heading', { name: 'Latte' }).waitFor();
    await page.getByTestId('tumbler-input').setInputFiles(fixture('tumbler-small.jpg'));
    await page.getByTestId('tumbler-preview').waitFor({ timeout: 30_000 });
    await page.getByRole('radio', { name: 'Cold' }).check();
    await page.getByRole('radio', { name: '50%', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Order Placed Successfully!').waitFor();
    await page.context().close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const page = await newPhonePage(browser);
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password?' });
    // A mistyped domain is told at once, as the login form tells it, and nothing is sent.
    const sent: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('/api/auth/forgot-password') && sent.push(r.url())));
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ploy@woxa.com');
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await dialog.getByRole('alert').getByText('only accept @woxa.tech').waitFor();
    expect(sent).toHaveLength(0);
    await screenshot(page, 'forgot-password-wrong-domain');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ploy@woxa.tech');
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await dialog.getByText('If an account uses this address').waitFor();

    await page.goto(await smtp.link('ploy@woxa.tech', '/reset-password?token='));
    await page.getByLabel('Password').fill('tall-latte-2');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your password is changed. Log in with the new one.').waitFor();
    await app.login('ploy@woxa.tech', 'tall-latte-2');
    await page.context().close();
  });
});

describe('an admin address is confirmed only by its own account', () => {
  it('asks the person who opens the link to log in, then comes back to the link and confirms it', async () => {
    const body = { name: 'Lead', email: 'lead@woxa.tech', password: 'tall-mocha-7' };
    expect((await app.api(null, 'POST', '/auth/register', body)).status).toBe(201);
    const link = await smtp.link('lead@woxa.tech', '/verify-email?token=');

    const page = await newPhonePage(browser);
    await page.goto(link);
    await page.getByText('log in to its account, then open this link again to confirm it').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${app.url}/login`);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('lead@woxa.tech');
    await page.getByLabel('Password').fill('tall-mocha-7');
    await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();

    await page.waitForURL(link);
    await page.getByText('Your email is confirmed. You can order now.').waitFor();
    const tokens = await app.login('lead@woxa.tech', 'tall-mocha-7');
    expect((await app.api<{ role: string }>(tokens.accessToken, 'GET', '/user/me')).body.role).toBe('admin');
    await page.context().close();
  });
});
