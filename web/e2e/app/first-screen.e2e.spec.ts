import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import { openBrowser } from '../support/browser.js';
import { catalog, menuId, newCustomer, placeCafeOrder } from '../staff/staff-support.js';
import { PASSWORD } from '../support/customer.js';

let app: RunningApp;
let browser: Browser;
let customerToken: string;
let baristaToken: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  const customer = await newCustomer(app, 'Light Lena');
  customerToken = customer.token;
  baristaToken = (await app.login('barista@woxa.tech', PASSWORD)).accessToken;
  await placeCafeOrder(app, customer.token, menuId(await catalog(app, customer.token), 'Latte'));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The app's scripts a phone fetches to open `path` and show what it shows, with each one's text. */
async function scriptsOpening(path: string, token: string | null, shown: string): Promise<Map<string, string>> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    if (token) await context.addInitScript(`localStorage.setItem('access_token', ${JSON.stringify(token)});`);
    const page = await context.newPage();
    const scripts = new Map<string, Promise<string>>();
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.set(r.url(), r.text());
    });
    await page.goto(`${app.url}${path}`);
    await page.getByText(shown).first().waitFor();
    await page.waitForLoadState('networkidle');
    return new Map(await Promise.all([...scripts].map(async ([url, text]) => [url, await text] as const)));
  } finally {
    await context.close();
  }
}

// zod (25 KiB gzip) is for forms and live messages carrying data: a first screen that shows a limit or a status
// list must take it from a module of contracts without schemas (limits.ts, order-statuses.ts, shop-status.ts).
describe('first screens on a phone', () => {
  it.each([
    ['/login', null, 'Login'],
    ['/menuCafe', 'customer', 'Coffee'],
    ['/statusOrder', 'customer', 'Latte'],
    ['/ordered', 'customer', 'Latte'],
    ['/ordering', 'barista', 'Latte'],
  ] as const)('%s loads no zod', async (path, who, shown) => {
    const token = who === 'customer' ? customerToken : who === 'barista' ? baristaToken : null;
    const scripts = await scriptsOpening(path, token, shown);
    expect(scripts.size).toBeGreaterThan(1);
    const withZod = [...scripts].filter(([, text]) => text.includes('_zod')).map(([url]) => new URL(url).pathname);
    expect(withZod).toEqual([]);
  });
});

describe("a first screen's configuration", () => {
  it.each([
    ['/login', null, 'Login'],
    ['/statusOrder', 'customer', 'Latte'],
  ] as const)('%s asks for it once, while its scripts download', async (path, who, shown) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      if (who) await context.addInitScript(`localStorage.setItem('access_token', ${JSON.stringify(customerToken)});`);
      const page = await context.newPage();
      let asked = 0;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/config') asked += 1;
      });
      await page.goto(`${app.url}${path}`);
      await page.getByText(shown).first().waitFor();
      await page.waitForLoadState('networkidle');
      // Asked by the page's <link rel=preload>, before any script ran, and the app took that answer.
      const timings = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname === '/api/config')
          .map((e) => (e as PerformanceResourceTiming).initiatorType),
      );
      expect(timings).toEqual(['link']);
      expect(asked).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe("a phone's next start", () => {
  it('makes none of the styles the last start made, and looks the same', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      await context.addInitScript(
        `if (!localStorage.getItem('access_token')) localStorage.setItem('access_token', ${JSON.stringify(customerToken)});`,
      );
      const page = await context.newPage();
      /** How the status page looks: each element's colours, type, spacing and shape, in order. */
      const open = async () => {
        await page.goto(`${app.url}/statusOrder`);
        await page.getByText('Latte').first().waitFor();
        await page.waitForLoadState('networkidle');
        return page.evaluate(() => ({
          looks: [...document.querySelectorAll('#root *')].map((e) => {
            const s = getComputedStyle(e);
            return [e.tagName, s.color, s.backgroundColor, s.font, s.padding, s.margin, s.display, s.border].join('|');
          }),
          // Rules emotion made at run time sit in tags named by the cache's key alone; kept ones in one naming them.
          made: [...document.querySelectorAll('style[data-emotion="css"]')].reduce(
            (n, tag) => n + (tag as HTMLStyleElement).sheet!.cssRules.length,
            0,
          ),
          kept: document.querySelectorAll('style[data-emotion^="css "]').length,
        }));
      };
      const first = await open();
      await page.goto('about:blank'); // leaving the page keeps what it made
      const next = await open();

      expect(first.made).toBeGreaterThan(50);
      expect(first.kept).toBe(0);
      expect(next.kept).toBe(1);
      expect(next.made).toBe(0);
      expect(next.looks).toEqual(first.looks);
    } finally {
      await context.close();
    }
  });
});
