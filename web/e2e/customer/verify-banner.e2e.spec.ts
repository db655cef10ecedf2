import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../../scripts/stand-ins/smtp-server.js';
import { startApp, type RunningApp } from '../support/app.js';
import { expectNoSeriousA11yViolations, newPhonePage, openBrowser, screenshot } from '../support/browser.js';
import { NEW_ACCOUNT_PASSWORD, signInWithTokens } from '../support/customer.js';

const REFUSED = 'full-mailbox@woxa.tech';
const BANNER = 'Confirm your email to order';

let smtp: TestSmtp;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  smtp = await startTestSmtp({ refuses: (to) => to === REFUSED });
  [app, browser] = await Promise.all([startApp((url) => ({ SMTP_URL: smtp.url, APP_URL: url })), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

describe('the confirm-your-email banner', () => {
  it("says why a resend failed: the mail server's refusal in plain words, the server's own words for too many", async () => {
    const page = await signedInUnconfirmed('Fon', REFUSED);
    await page.getByRole('button', { name: 'Resend link' }).click();
    await page.getByRole('alert').filter({ hasText: 'The mail could not be sent. Try again later.' }).waitFor();
    // Tappable again: the person may try once more.
    expect(await page.getByRole('button', { name: 'Resend link' }).isEnabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'verify-banner-resend-failed');

    // Five verification mails an hour per mailbox (registration was the first): the next one is refused.
    const tokens = await app.login(REFUSED, NEW_ACCOUNT_PASSWORD);
    for (let i = 0; i < 3; i++) await app.api(tokens.accessToken, 'POST', '/auth/verify-email/resend');
    await page.getByRole('button', { name: 'Resend link' }).click();
    await page.getByRole('alert').filter({ hasText: 'Too many attempts. Try again later.' }).waitFor();
    expect(await page.getByText('The mail could not be sent').count()).toBe(0);
    await page.context().close();
  });
});

/** A registered account whose mailbox is not proven yet, signed in on a phone at the cafe's menu. */
async function signedInUnconfirmed(name: string, email: string): Promise<Page> {
  const r = await app.api(null, 'POST', '/auth/register', { name, email, password: NEW_ACCOUNT_PASSWORD });
  if (r.status !== 201) throw new Error(`register ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  const page = await newPhonePage(browser);
  await signInWithTokens(page, app, email, '/menuCafe');
  await page.getByText(`${BANNER}: open the link we mailed to ${email}.`).waitFor();
  return page;
}
