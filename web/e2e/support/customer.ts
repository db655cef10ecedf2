import type { Page } from 'playwright-core';
import type { RunningApp } from './app.js';

export const PASSWORD = 'password123';
/** For accounts the tests register: the server refuses common passwords such as the demo one. */
export const NEW_ACCOUNT_PASSWORD = 'brew-line-42';

/** Signs in through stored tokens (the UI sign-in has its own test) and opens `path`. */
export async function signInWithTokens(page: Page, app: RunningApp, email: string, path: string): Promise<string> {
  const demo = ['user', 'barista', 'admin'].some((role) => email === `${role}@woxa.tech`);
  const tokens = await app.login(email, demo ? PASSWORD : NEW_ACCOUNT_PASSWORD);
  await page.goto(`${app.url}/login`);
  await page.evaluate((t) => {
    localStorage.setItem('access_token', t.accessToken);
    localStorage.setItem('refresh_token', t.refreshToken);
  }, tokens);
  await page.goto(`${app.url}${path}`);
  return tokens.accessToken;
}

/** The text of the in-page alert dialog, then closes it. */
export async function takeAlert(page: Page): Promise<string> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  const text = (await dialog.innerText()).replace(/\s*OK\s*$/, '').trim();
  // Named by its message, as a screen reader announces it (it had no name: aria-labelledby pointed nowhere).
  if ((await page.getByRole('alertdialog', { name: text, exact: true }).count()) !== 1)
    throw new Error(`the alert "${text}" is not named by its message`);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return text;
}

export async function setShop(app: RunningApp, staffToken: string, status: 'cafe-open' | 'bar-open' | 'all-close') {
  const r = await app.api(staffToken, 'PATCH', `/cafe-status/${status}`);
  if (r.status !== 200) throw new Error(`shop ${status}: ${r.status} ${JSON.stringify(r.body)}`);
}
