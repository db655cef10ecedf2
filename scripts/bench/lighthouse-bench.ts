// Lighthouse (mobile preset: simulated slow 4G, 4x CPU) on the four first screens of issue 14, median of
// `runs`, with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Signed-in pages get the session
// the way the app keeps it: tokens in local storage, set by a script that runs before the app's own.
// Standalone: `npx tsx scripts/bench/lighthouse-bench.ts` (needs services/dist and web/dist built);
// LIGHTHOUSE_REPORTS=<dir> keeps each run's full report (JSON) there; BENCH_LIGHTHOUSE_PAGES=/login,/ordering
// audits only those pages; WEB_DIR=<dist> serves and measures another build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { repoRoot } from '../../services/src/test-support/process.js';
import { orderEach } from './lib/http.js';
import { benchServer } from './lib/server.js';
import { ms, percentile, table, type Figure } from './lib/stats.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOALS = 'perf >= 90, a11y 100, SEO >= 95; first-screen JS <= 150 KiB gzip';

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  jsGzip: number;
}

/** gzip -9 of the app's own scripts the page fetched (the files in web/dist, as a phone without brotli gets them). */
function firstScreenJs(urls: string[]): number {
  const dist = process.env.WEB_DIR ?? join(repoRoot(), 'web', 'dist');
  let total = 0;
  for (const u of urls) {
    const path = new URL(u).pathname;
    if (!path.endsWith('.js')) continue;
    total += gzipSync(readFileSync(join(dist, path)), { level: 9 }).length;
  }
  return total;
}

async function audit(url: string, token: string | null): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (token) await page.evaluateOnNewDocument((t: string) => localStorage.setItem('access_token', t), token);
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      undefined,
      page,
    );
    await browser.disconnect();
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    // Lighthouse sometimes loses its own trace (NO_NAVSTART): such a run has no scores, and is taken again.
    if (lhr.runtimeError) throw new LighthouseRunError(`${url}: ${lhr.runtimeError.code}`);
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
      writeFileSync(join(reports, name), JSON.stringify(lhr));
      // The page's trace as Lighthouse observed it (before its 4x slowdown): scripts/bench/profile-first-screen.ts
      // reads it with TRACE_FILE=<file> to name the long tasks.
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) writeFileSync(join(reports, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
    }
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })
      ?.items;
    const scripts = (requests ?? []).filter(
      (r) => r.resourceType === 'Script' && r.url.startsWith(new URL(url).origin),
    );
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Run['scores'];
    return {
      scores,
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      jsGzip: firstScreenJs(scripts.map((s) => s.url)),
    };
  } finally {
    chrome.kill();
  }
}

class LighthouseRunError extends Error {}

async function auditAgainOnError(url: string, token: string | null, tries = 3): Promise<Run> {
  for (let i = 1; ; i++) {
    try {
      return await audit(url, token);
    } catch (e) {
      if (!(e instanceof LighthouseRunError) || i >= tries) throw e;
      console.error(`lighthouse: ${e.message}; running again`);
    }
  }
}

export interface LighthousePage {
  path: string;
  token: string | null;
}

export async function runLighthouseBench(origin: string, pages: LighthousePage[], runs = 3): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const p of pages) {
    const all: Run[] = [];
    for (let i = 0; i < runs; i++) all.push(await auditAgainOnError(`${origin}${p.path}`, p.token));
    // A run whose trace missed a metric (Lighthouse leaves it without a value) does not void the median.
    const med = (f: (r: Run) => number) => percentile(all.map(f).filter(Number.isFinite), 50);
    const s = (c: (typeof CATEGORIES)[number]) => med((r) => r.scores[c]);
    figures.push({
      area: figures.length === 0 ? `Lighthouse mobile (median of ${runs})` : '',
      measure: `${p.path}: perf / a11y / best practices / SEO; FCP, LCP, TBT; first-screen JS gzip`,
      value: `${s('performance')} / ${s('accessibility')} / ${s('best-practices')} / ${s('seo')}; ${ms(med((r) => r.fcp))}, ${ms(med((r) => r.lcp))}, ${ms(med((r) => r.tbt))}; ${(med((r) => r.jsGzip) / 1024).toFixed(0)} KiB`,
      baseline: `goal: ${GOALS}`,
      ratio: '',
    });
  }
  return figures;
}

/** The four pages with their sessions: a customer for the customer screens, a barista for the board. */
export function issue14Pages(customerToken: string, baristaToken: string): LighthousePage[] {
  return [
    { path: '/login', token: null },
    { path: '/menuCafe', token: customerToken },
    { path: '/statusOrder', token: customerToken },
    { path: '/ordering', token: baristaToken },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The board as in make bench: six drinks waiting.
  const s = await benchServer(6, process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {});
  try {
    await orderEach(s.server.url, s.customers);
    const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
    const pages = issue14Pages(s.customers.tokens[0]!, s.customers.barista).filter(
      (p) => !only || only.includes(p.path),
    );
    console.log(table(await runLighthouseBench(s.server.url, pages, runs)));
  } finally {
    await s.close();
  }
}
