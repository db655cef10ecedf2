import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { LIMITS } from '@drinks/contracts';
import { chromium, type Browser, type Locator, type Page, type Route } from 'playwright-core';

const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * Answers a routed call as a server that is down would. The app asks again three times, 1, 2 and 4 s apart,
 * before it gives up on a read.
 */
export const serviceUnavailable = (route: Route) =>
  route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' });

/** Routes the calls `match` picks to serviceUnavailable, counting them, until `stop`. */
export async function failCalls(page: Page, match: (url: URL) => boolean) {
  const calls = { count: 0, stop: () => page.unroute(match) };
  await page.route(match, (route) => {
    calls.count += 1;
    return serviceUnavailable(route);
  });
  return calls;
}

export function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * A 390×844 phone (touch, mobile viewport). `serviceWorkers: 'block'` for a test that routes the app's own
 * API calls: once the service worker controls the page, its requests pass Playwright's routes by.
 */
export async function newPhonePage(
  browser: Browser,
  viewport = { width: 390, height: 844 },
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    ...options,
  });
  return context.newPage();
}

/** The phones of the layout audit: a common one and the narrowest we support. */
export const PHONE_SIZES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

/** One-word names of the most letters the spec allows, in the widest letter: nothing to break them at. */
export const WIDE_NAME = 'W'.repeat(LIMITS.catalogName);
export const WIDE_PERSON = 'W'.repeat(LIMITS.personName);

/** How wide the page is laid out: on a phone, more than the viewport means sideways scrolling. */
export function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** Where the text of `locator` is drawn, spill-over included (the element's own box leaves that out). */
export function textBox(locator: Locator): Promise<{ left: number; right: number; top: number; bottom: number }> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const { left, right, top, bottom } = range.getBoundingClientRect();
    return { left, right, top, bottom };
  });
}

/**
 * The words of `locator`'s text that are drawn on more than one line, i.e. broken inside the word: a range
 * over a word has one box per line it is drawn on.
 */
export function wordsBrokenAcrossLines(locator: Locator): Promise<string[]> {
  return locator.evaluate((el) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (range.getClientRects().length > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

export async function newDesktopPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/**
 * Until no transition or finite animation runs: mid-transition (a dialog fading in, a button turning from
 * disabled to enabled) colours are between two states, read as low contrast and photograph badly.
 * Endless animations (spinners) are left running.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
}

/** Fails on serious or critical axe violations (on the settled page), listing them. */
export async function expectNoSeriousA11yViolations(page: Page, opts: { exclude?: string[] } = {}): Promise<void> {
  await settled(page);
  let builder = new AxeBuilder({ page });
  for (const sel of opts.exclude ?? []) builder = builder.exclude(sel);
  const result = await builder.analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const lines = bad.map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join('\n    ')}`,
    );
    throw new Error(`Accessibility violations on ${page.url()}:\n  ${lines.join('\n  ')}`);
  }
}

/** Until the app's service worker controls the page: installed, as on a phone that has opened the app before. */
export async function untilInstalled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
    timeout: 30_000,
  });
}
