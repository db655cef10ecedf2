import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import { expectNoSeriousA11yViolations, newDesktopPage, openBrowser, screenshot } from '../support/browser.js';
import { signInWithTokens } from '../support/customer.js';

// A TV outside the counter network: the admin creates a view key on the service page, the TV opens the
// link it shows, and a revoked key shuts the screen again. (This machine is not on the listed network.)

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ PICKUP_SCREEN_NETWORKS: '10.255.255.0/24' }), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('lets an admin create a view key for the pick-up screen, and revoke it', async () => {
  const tv = await newDesktopPage(browser);
  await tv.goto(`${app.url}/ready`);
  await tv.getByRole('alert').filter({ hasText: 'needs the counter network or a view key' }).waitFor();

  const admin = await newDesktopPage(browser);
  await signInWithTokens(admin, app, 'admin@woxa.tech', '/dashboard-service');
  // The admin's nine links stay on one line inside a 1280 px screen.
  const logout = (await admin
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .boundingBox())!;
  expect(logout.x + logout.width).toBeLessThanOrEqual(1280);
  const section = admin.getByRole('region', { name: 'Pick-up screen' });
  await section.getByRole('button', { name: 'Create view key' }).click();
  const link = section.getByTestId('view-key-link').locator('strong');
  await link.waitFor();
  const url = await link.innerText();
  expect(url).toMatch(new RegExp(`^${app.url}/ready\\?key=.+`));
  await section.getByTestId('view-key').filter({ hasText: 'In use' }).waitFor();
  await screenshot(admin, 'service-view-keys');
  await expectNoSeriousA11yViolations(admin);

  await tv.goto(url);
  await tv.getByRole('heading', { name: 'Ready to pick up' }).waitFor();
  await tv.getByRole('list', { name: 'Ready to pick up' }).or(tv.getByText('No drinks waiting')).first().waitFor();
  expect(await tv.getByRole('alert').count()).toBe(0);

  await section.getByRole('button', { name: 'Revoke' }).click();
  await section.getByTestId('view-key').filter({ hasText: 'Revoked' }).waitFor();
  // The screen polls: the next answer refuses the revoked key.
  await tv
    .getByRole('alert')
    .filter({ hasText: 'needs the counter network or a view key' })
    .waitFor({ timeout: 10_000 });
});
