import type { User } from '@drinks/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcStandIn, startOidcProvider } from '../../../scripts/stand-ins/oidc-provider.js';
import { startApp, type RunningApp } from '../support/app.js';
import { expectNoSeriousA11yViolations, newPhonePage, openBrowser, screenshot } from '../support/browser.js';

// A person signs in with the company account: the app, a real OpenID provider (oidc-provider) and Chromium.

let provider: OidcStandIn | undefined;
let app: RunningApp;
let browser: Browser;

const companyEnv = (url: string, stand: OidcStandIn, extra: Record<string, string> = {}) => ({
  APP_URL: url,
  OIDC_ISSUER: stand.issuer,
  OIDC_CLIENT_ID: stand.clientId,
  OIDC_CLIENT_SECRET: stand.clientSecret,
  OIDC_NAME: 'Woxa Google',
  ...extra,
});

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp(async (url) => {
      provider = await startOidcProvider({
        redirectUris: [`${url}/api/auth/oidc/callback`],
        accounts: {
          'kanya@woxa.tech': { name: 'Kanya' },
          'visitor@woxa.tech': { email: 'visitor@gmail.example' },
        },
      });
      return companyEnv(url, provider);
    }),
    openBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await provider?.close();
});

/** On the provider's page, as a person would: type the address, press Sign in. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await page.getByRole('heading', { name: 'Company sign-in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('sign in with the company account', () => {
  it('takes a newcomer from the login page through the provider and into the app, signed in', async () => {
    const page = await newPhonePage(browser);
    await page.goto(`${app.url}/login`);
    const button = page.getByRole('link', { name: 'Sign in with Woxa Google' });
    await button.waitFor();
    expect(await page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    await screenshot(page, 'login-company-sign-in');
    await expectNoSeriousA11yViolations(page);

    await button.click();
    await signInAtProvider(page, 'kanya@woxa.tech');
    await page.waitForURL(`${app.url}/statusOrder`, { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByText('Hi, Kanya').waitFor();
    await screenshot(page, 'after-company-sign-in');

    const admin = await app.login('admin@woxa.tech', 'password123');
    const users = await app.api<User[]>(admin.accessToken, 'GET', '/user');
    expect(users.body.find((u) => u.email === 'kanya@woxa.tech')).toMatchObject({
      name: 'Kanya',
      emailVerified: true,
    });
    await page.context().close();
  });

  it('turns a personal account away with a clear reason, and password login stays there', async () => {
    const page = await newPhonePage(browser);
    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Woxa Google' }).click();
    await signInAtProvider(page, 'visitor@woxa.tech');
    await page.getByText('Only @woxa.tech accounts can sign in here. Choose your company account.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'company-sign-in-wrong-domain');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('user@woxa.tech');
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.context().close();
  });
});

describe('OIDC_ONLY', () => {
  let only: RunningApp;
  let stand: OidcStandIn | undefined;
  beforeAll(async () => {
    only = await startApp(async (url) => {
      stand = await startOidcProvider({ redirectUris: [`${url}/api/auth/oidc/callback`] });
      return companyEnv(url, stand, { OIDC_ONLY: 'true' });
    });
  });
  afterAll(async () => {
    await only?.stop();
    await stand?.close();
  });

  it('offers only the company account: no password login, no registration form', async () => {
    const page = await newPhonePage(browser);
    await page.goto(`${only.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Woxa Google' }).waitFor();
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create New Account' }).count()).toBe(0);
    await page.goto(`${only.url}/create`);
    await page.waitForURL(`${only.url}/login`);
    await page.context().close();
  });
});
