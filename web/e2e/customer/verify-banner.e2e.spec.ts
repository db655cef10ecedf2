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

    await page.context().close();

    // Five verification mails an hour per mailbox (registration was the first): the next one is refused. (A
    // refused mail is not counted: the mailbox whose mails go out is the one that reaches the limit.)
    const busy = await signedInUnconfirmed('Gus', 'gus@woxa.tech');
    const tokens = await app.login('gus@woxa.tech', NEW_ACCOUNT_PASSWORD);
    for (let i = 0; i < 4; i++) await app.api(tokens.accessToken, 'POST', '/auth/verify-email/resend');
    await busy.getByRole('button', { name: 'Resend link' }).click();
    await busy.getByRole('alert').filter({ hasText: 'Too many attempts. Try again later.' }).waitFor();
    expect(await busy.getByText('The mail could not be sent').count()).toBe(0);
    await busy.context().close();
  });

  it('drops the banner when Resend finds the address was confirmed on another device, and says no Sent', async () => {
    const page = await signedInUnconfirmed('Mai', 'mai@woxa.tech');
    await confirmOnAnotherDevice('mai@woxa.tech');
    await page.getByRole('button', { name: 'Resend link' }).click();
    await resendSettled(page);
    expect(await page.getByText(BANNER).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sent' }).count()).toBe(0);
    await page.context().close();
  });

  it('drops the banner when the app comes back into view after the address was confirmed elsewhere', async () => {
    const page = await signedInUnconfirmed('Nok', 'nok@woxa.tech');
    // Not confirmed yet: Resend sends the mail, says so, and the banner stays.
    await page.getByRole('button', { name: 'Resend link' }).click();
    await page.getByRole('button', { name: 'Sent' }).waitFor();
    expect(await page.getByText(BANNER).count()).toBe(1);
    await confirmOnAnotherDevice('nok@woxa.tech');
    // Back to the app: headless Chromium keeps every page shown and focused, so the window is told, as a browser would
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByText(BANNER).waitFor({ state: 'detached' });
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

/** The mailed link opened in another browser, as on the person's laptop. */
async function confirmOnAnotherDevice(email: string): Promise<void> {
  const laptop = await browser.newContext();
  const tab = await laptop.newPage();
  await tab.goto(await smtp.link(email, '/verify-email?token='));
  await tab.getByText('Your email is confirmed. You can order now.').waitFor();
  await laptop.close();
}

/** Until the Resend tap is answered one way or the other: the button says Sent, or the banner is gone. */
function resendSettled(page: Page): Promise<unknown> {
  return page.waitForFunction(
    (banner) =>
      !document.body.innerText.includes(banner) ||
      [...document.querySelectorAll('button')].some((b) => b.textContent === 'Sent'),
    BANNER,
  );
}
