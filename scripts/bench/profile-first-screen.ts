// Where a first screen's main-thread time goes on a slow phone: Chromium at 4x CPU slowdown (Lighthouse's
// mobile preset) loads each page with a signed-in session, records a JS CPU profile, and prints every busy
// stretch over 50 ms (what Lighthouse counts as Total Blocking Time) with the functions that took its time,
// named through the build's source maps when web was built with them (`cd web && npx vite build --sourcemap`).
// `npx tsx scripts/bench/profile-first-screen.ts [/statusOrder …]`; WEB_DIR=<dist> serves another build.
// TRACE_FILE=<file> reads a trace Lighthouse took instead (lighthouse-bench.ts with LIGHTHOUSE_REPORTS keeps them),
// its task times multiplied by SLOWDOWN (4, as Lighthouse does).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { repoRoot } from '../../services/src/test-support/process.js';
import { orderEach } from './lib/http.js';
import { benchServer } from './lib/server.js';
import { CHROMIUM_ARGS, RENDERED } from './lib/web.js';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: any;
}

const dist = process.env.WEB_DIR ?? join(repoRoot(), 'web', 'dist');
const maps = new Map<string, TraceMap | null>();
function where(frame: Node['callFrame']): string {
  if (!frame.url) return frame.functionName || '(native)';
  const path = new URL(frame.url).pathname;
  if (!maps.has(path)) {
    const file = join(dist, `${path}.map`);
    maps.set(path, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  const map = maps.get(path);
  const file = path.split('/').pop();
  if (!map) return `${frame.functionName || '(anon)'} ${file}:${frame.lineNumber + 1}`;
  let o: ReturnType<typeof originalPositionFor>;
  try {
    o = originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) });
  } catch {
    return `${frame.functionName || '(anon)'} ${file}:${frame.lineNumber + 1}`;
  }
  const source = (o.source ?? file ?? '').replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
  return `${o.name ?? frame.functionName ?? '(anon)'} ${source}:${o.line}`;
}

/** Long tasks of the page's main thread, each with the trace events and the functions that took its time. */
function report(path: string, shown: number, events: TraceEvent[], slowdown = 1) {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (m: TraceEvent) =>
    events
      .filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask')
      .reduce((a, e) => a + (e.dur ?? 0), 0);
  const main = mains.sort((a, b) => busy(b) - busy(a))[0]!;
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  // Lighthouse's own trace is taken at full speed and its task times multiplied by 4: so are these.
  const tasks = mine
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) * slowdown > 50_000)
    .sort((a, b) => a.ts - b.ts);

  // The CPU profile comes in chunks: nodes (with parents) and samples with time deltas.
  const nodes = new Map<number, Node & { parent?: number }>();
  const samples: { t: number; node: number }[] = [];
  for (const e of events.filter((x) => x.pid === main.pid && x.tid === main.tid && x.name === 'Profile')) {
    let t = e.args.data.startTime as number;
    for (const c of events.filter((x) => x.name === 'ProfileChunk' && x.id === e.id && x.pid === e.pid)) {
      const cp = c.args.data.cpuProfile ?? {};
      for (const n of cp.nodes ?? []) nodes.set(n.id, n);
      const deltas: number[] = c.args.data.timeDeltas ?? [];
      (cp.samples ?? []).forEach((id: number, i: number) => samples.push({ t: (t += deltas[i] ?? 0), node: id }));
    }
  }
  const first = mine.find((e) => e.name === 'RunTask')?.ts ?? 0;
  const blocking = tasks.reduce((a, e) => a + ((e.dur! * slowdown) / 1000 - 50), 0);
  console.log(
    `\n${path}: shown after ${shown} ms; ${tasks.length} tasks over 50 ms, ${blocking.toFixed(0)} ms beyond 50 ms each`,
  );
  const fmt = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `      ${(v / 1000).toFixed(1).padStart(6)} ms  ${k}`)
      .join('\n');
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const kinds = new Map<string, number>();
    for (const e of mine)
      if (e.ph === 'X' && e.ts >= task.ts && e.ts < end && e !== task && e.name !== 'RunTask')
        kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0));
    const self = new Map<string, number>();
    const ours = new Map<string, number>();
    const inTask = samples.filter((x) => x.t >= task.ts && x.t < end);
    for (let i = 0; i < inTask.length; i++) {
      const dt = (inTask[i + 1]?.t ?? end) - inTask[i]!.t;
      const node = nodes.get(inTask[i]!.node);
      if (!node) continue;
      const key = where(node.callFrame);
      self.set(key, (self.get(key) ?? 0) + dt);
      const seen = new Set<string>();
      for (let n: typeof node | undefined = node; n; n = n.parent ? nodes.get(n.parent) : undefined) {
        const k = where(n.callFrame);
        if (k.startsWith('src/') || / src\//.test(k)) seen.add(k);
      }
      for (const k of seen) ours.set(k, (ours.get(k) ?? 0) + dt);
    }
    console.log(
      `  task at ${((task.ts - first) / 1000).toFixed(0)} ms, ${((task.dur! * slowdown) / 1000).toFixed(0)} ms`,
    );
    console.log(`    trace events (nested time counted twice):\n${fmt(kinds, 6)}`);
    console.log(`    functions (self):\n${fmt(self, 8)}`);
    console.log(`    our code on the stack (inclusive):\n${fmt(ours, 8)}`);
  }
  if (Number.isNaN(shown)) return;
  // The whole stretch until the screen showed, short tasks too: which packages took the main thread's time
  // ("(program)" is the browser's own work: parsing, compiling, style, layout, paint).
  const until = first + shown * 1000;
  const packages = new Map<string, number>();
  const stretch = samples.filter((x) => x.t >= first && x.t < until);
  for (let i = 0; i < stretch.length; i++) {
    const node = nodes.get(stretch[i]!.node);
    if (!node) continue;
    const w = where(node.callFrame);
    const source = w.split(' ')[1] ?? '';
    const key = source.startsWith('src/') ? 'our code' : source ? source.split('/')[0]!.replace(/:.*/, '') : w;
    packages.set(key, (packages.get(key) ?? 0) + ((stretch[i + 1]?.t ?? until) - stretch[i]!.t));
  }
  console.log(`\n  until shown, by package (self):\n${fmt(packages, 12)}`);
}

if (process.env.TRACE_FILE) {
  const saved = JSON.parse(readFileSync(process.env.TRACE_FILE, 'utf8')) as { traceEvents: TraceEvent[] };
  report(process.env.TRACE_FILE, NaN, saved.traceEvents, Number(process.env.SLOWDOWN ?? 4));
  process.exit(0);
}

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/menuCafe', '/statusOrder', '/ordering'];
// Six customers with a drink each: the board as in make bench.
const s = await benchServer(6, process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {});
await orderEach(s.server.url, s.customers);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  for (const path of paths) {
    const token = path.startsWith('/ordering') ? s.customers.barista : s.customers.tokens[0]!;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript({ content: `localStorage.setItem('access_token', ${JSON.stringify(token)});` });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler'],
    });
    const t0 = Date.now();
    await page.goto(`${s.server.url}${path}`);
    await page.waitForFunction(RENDERED, undefined, { timeout: 60_000, polling: 'raf' });
    const shown = Date.now() - t0;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    await context.close();
    if (process.env.TRACE_DIR)
      writeFileSync(join(process.env.TRACE_DIR, `${path.replace(/\W+/g, '_')}.json`), JSON.stringify(trace));
    report(path, shown, trace.traceEvents);
    // Also: which of our own modules' functions (not node_modules) are on the stack at all, to see the callers.
  }
} finally {
  await browser.close();
  await s.close();
}
