import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { repoRoot } from '../../../services/src/test-support/process.js';
import { percentile } from './stats.js';

/** Sum of every web/dist/assets/*.js gzipped (level 9), in bytes. */
export function bundleGzipBytes(): { gzip: number; raw: number; files: number } {
  const dir = join(repoRoot(), 'web', 'dist', 'assets');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  let gzip = 0;
  let raw = 0;
  for (const f of files) {
    const bytes = readFileSync(join(dir, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { gzip, raw, files: files.length };
}

// A function, not a string: the app's CSP forbids eval. Runs in the page, where `document` exists.
// The board counts as shown with its first order card (issue 14's measure); a page without cards, with text.
export const RENDERED = () => {
  const d = (globalThis as any).document;
  if (d.location.pathname.startsWith('/ordering')) return d.querySelector('[data-testid="order-card"]') !== null;
  return (d.querySelector('#root')?.textContent ?? '').trim().length > 0 && !d.querySelector('[role="progressbar"]');
};
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/**
 * Median time from navigation to the board's first order card (signed in through local storage; the
 * board must hold an order), and to a blank page's text, over `runs` fresh pages each.
 */
export async function firstRender(
  boardUrl: string,
  blankUrl: string,
  tokens: { accessToken: string; refreshToken: string },
  runs = 5,
) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const measure = async (url: string) => {
      const times: number[] = [];
      for (let i = 0; i < runs + 1; i++) {
        const context = await browser.newContext();
        await context.addInitScript({
          content: `localStorage.setItem('access_token', ${JSON.stringify(tokens.accessToken)}); localStorage.setItem('refresh_token', ${JSON.stringify(tokens.refreshToken)});`,
        });
        const page = await context.newPage();
        const t0 = performance.now();
        await page.goto(url, { waitUntil: 'commit' });
        await page.waitForFunction(RENDERED, undefined, { timeout: 30_000, polling: 'raf' });
        if (i > 0) times.push(performance.now() - t0); // the first load warms the disk cache
        await context.close();
      }
      return percentile(times, 50);
    };
    return { board: await measure(boardUrl), blank: await measure(blankUrl) };
  } finally {
    await browser.close();
  }
}

/**
 * gzip -9 bytes of the app's scripts a page fetches until its first screen has rendered and the
 * network is quiet (the files in web/dist, as a browser without brotli gets them), per path.
 */
export async function firstScreenScripts(origin: string, pages: { path: string; token: string | null }[]) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const dist = join(repoRoot(), 'web', 'dist');
  try {
    const out: { path: string; gzip: number; files: number; scripts: string[] }[] = [];
    for (const p of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (p.token)
        await context.addInitScript({ content: `localStorage.setItem('access_token', ${JSON.stringify(p.token)});` });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.origin === origin && u.pathname.endsWith('.js')) scripts.add(u.pathname);
      });
      await page.goto(`${origin}${p.path}`);
      await page.waitForFunction(RENDERED, undefined, { timeout: 30_000, polling: 'raf' });
      await page.waitForLoadState('networkidle');
      let gzip = 0;
      for (const s of scripts) gzip += gzipSync(readFileSync(join(dist, s)), { level: 9 }).length;
      out.push({ path: p.path, gzip, files: scripts.size, scripts: [...scripts].sort() });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}
