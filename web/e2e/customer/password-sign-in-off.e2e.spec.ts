import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcStandIn, startOidcProvider } from '../../../scripts/stand-ins/oidc-provider.js';
import { startApp, type RunningApp } from '../support/app.js';
import { newPhonePage, openBrowser } from '../support/browser.js';

// OIDC_ONLY: everyone signs in with the company account, so nothing offers to change a password.

let provider: OidcStandIn | undefined;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp(async (url) => {
      provider = await startOidcProvider({
        redirectUris: [`${url}/api/auth/oidc/callback`],
        accounts: { 'kanya@woxa.tech': { name: 'Kanya' } },
      });
      return {
        APP_URL: url,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: 'Woxa Google',
        OIDC_ONLY: 'true',
      };
    }),
    openBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await provider?.close();
});

describe('with password sign-in off (OIDC_ONLY)', () => {
  it("offers no 'Change password' beside the name, in the phone's menu or the wide top bar", async () => {
    const page = await newPhonePage(browser);
    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Woxa Google' }).click();
    await page.getByRole('heading', { name: 'Company sign-in' }).waitFor();
    await page.getByLabel('Email').fill('kanya@woxa.tech');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/statusOrder`, { timeout: 15_000 });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Main' });
    await drawer.getByText('Hi, Kanya').waitFor();
    await drawer.getByRole('button', { name: 'Edit name' }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Change password' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 1280, height: 800 });
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('button', { name: 'Edit name' }).waitFor();
    expect(await bar.getByRole('button', { name: 'Change password' }).count()).toBe(0);
    await page.context().close();
  });
});
