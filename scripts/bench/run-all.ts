// make bench: every figure beside a baseline measured in the same run. Builds nothing:
// services/dist and web/dist must exist. BENCH_MIXED_SECONDS (default 20), BENCH_USERS (default 400).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../services/src/test-support/process.js';
import { baristaTransitions, bareRoute, demoStaffTokens, orderEach, placeOrders } from './lib/http.js';
import { mixed } from './lib/mixed.js';
import { bareKoa, benchServer, natsEnv } from './lib/server.js';
import { commandToSocket } from './lib/sockets.js';
import { ms, percentile, perSec, ratio, table, type Figure } from './lib/stats.js';
import { bundleGzipBytes, firstRender, firstScreenScripts } from './lib/web.js';
import { issue14Pages, runLighthouseBench } from './lighthouse-bench.js';

const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 400);
const MIXED_RATE = 40;
const SOCKET_SAMPLES = 40;
const CONNECTIONS = 32;
const HTTP_SETTINGS =
  'autocannon, 32 connections, bodies and tokens spread over 400 users; all-in-one server (in-process bus), SQLite (WAL, synchronous=FULL) and PostgreSQL; each row beside bare Koa measured in the same run; the ratio is throughput ÷ baseline, beside the goal';
const figures: Figure[] = [];
const started = performance.now();
const step = (what: string) => console.error(`[bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${what}`);

/** One table alone, printed and written to its own section of docs/benchmarks.md. */
async function runAlone(title: string, settings: string, run: () => Promise<string>): Promise<never> {
  const output = `Machine: ${machineLine()}\nSettings: ${settings}\n\n${await run()}`;
  console.log(output);
  writeSection(title, output);
  process.exit(0);
}

// `make bench ARGS=http`: only issue 15's request-path table (SQLite and PostgreSQL).
if (process.argv.includes('http')) {
  const { runHttpBench } = await import('./http-bench.js');
  await runAlone('Request path (make bench ARGS=http)', HTTP_SETTINGS, async () => table(await runHttpBench()));
}
// `make bench ARGS=history`: which reads grow with the log's history.
if (process.argv.includes('history')) {
  const { runHistorySweep, HISTORY_SETTINGS } = await import('./history-sweep.js');
  await runAlone('Reads a year into service (make bench ARGS=history)', HISTORY_SETTINGS, runHistorySweep);
}

const koa = await bareKoa();
try {
  step('bare Koa route');
  const base = await bareRoute(koa.url, CONNECTIONS, 3);
  const s = await benchServer(USERS + 200);
  const c = s.customers;
  try {
    step(`PlaceOrder: ${USERS} users × 2`);
    const place = await placeOrders(s.server.url, c, USERS, CONNECTIONS);
    figures.push(
      {
        area: 'HTTP (SQLite, in-process bus)',
        measure: `PlaceOrder throughput (${place.total} req, ${place.non2xx} non-2xx)`,
        value: perSec(place.perSecond),
        baseline: `bare Koa ${perSec(base.perSecond)}`,
        ratio: ratio(place.perSecond, base.perSecond),
      },
      {
        area: '',
        measure: 'PlaceOrder p50 / p99',
        value: `${ms(place.p50)} / ${ms(place.p99)}`,
        baseline: `${ms(base.p50)} / ${ms(base.p99)}`,
        ratio: `${ratio(place.p50, base.p50)} / ${ratio(place.p99, base.p99)}`,
      },
    );
    step('barista transitions');
    const moves = await baristaTransitions(s.server.url, c, CONNECTIONS);
    figures.push(
      {
        area: '',
        measure: `barista Start+Complete throughput (${moves.total} req, ${moves.non2xx} non-2xx)`,
        value: perSec(moves.perSecond),
        baseline: `bare Koa ${perSec(base.perSecond)}`,
        ratio: ratio(moves.perSecond, base.perSecond),
      },
      {
        area: '',
        measure: 'barista transition p50 / p99',
        value: `${ms(moves.p50)} / ${ms(moves.p99)}`,
        baseline: `${ms(base.p50)} / ${ms(base.p99)}`,
        ratio: `${ratio(moves.p50, base.p50)} / ${ratio(moves.p99, base.p99)}`,
      },
    );
    step('command-to-socket, in-process bus, 200 sockets');
    const inProc = await commandToSocket(s.server.url, c, USERS, SOCKET_SAMPLES, 200);
    figures.push(socketFigure('in-process bus', inProc));
    step(`mixed load: ${MIXED_SECONDS}s at ${MIXED_RATE}/s, 300 sockets`);
    const mix = await mixed(s.server.url, c, {
      seconds: MIXED_SECONDS,
      rate: MIXED_RATE,
      sockets: 300,
      from: (USERS + SOCKET_SAMPLES) * 2,
    });
    const mixBase = await fixedRate(koa.url, MIXED_RATE, Math.min(5, MIXED_SECONDS));
    figures.push({
      area: 'mixed load',
      measure: `p50 / p99 at ${MIXED_RATE}/s for ${MIXED_SECONDS}s, 300 sockets (${mix.requests} req, ${mix.errors} errors)`,
      value: `${ms(mix.p50)} / ${ms(mix.p99)}`,
      baseline: `bare Koa ${ms(mixBase.p50)} / ${ms(mixBase.p99)} (${mixBase.errors} errors)`,
      ratio: `${ratio(mix.p50, mixBase.p50)} / ${ratio(mix.p99, mixBase.p99)}`,
    });

    step('web bundle and first render');
    const bundle = bundleGzipBytes();
    figures.push({
      area: 'web',
      measure: `bundle gzip (${bundle.files} js files)`,
      value: `${(bundle.gzip / 1024).toFixed(0)} KiB`,
      baseline: `raw ${(bundle.raw / 1024).toFixed(0)} KiB`,
      ratio: ratio(bundle.gzip, bundle.raw),
    });
    // A board as a morning looks (six drinks waiting), on a server of its own: the load above left
    // hundreds of orders on the main one. Lighthouse opens the same pages there (issue 14's table).
    const small = await benchServer(6);
    let render: Awaited<ReturnType<typeof firstRender>>;
    let lighthouse: Figure[];
    try {
      await orderEach(small.server.url, small.customers);
      const tokens = await demoStaffTokens(small.server.url, 'barista');
      render = await firstRender(`${small.server.url}/ordering`, `${koa.url}/blank`, tokens);
      step('Lighthouse, 4 pages × 3');
      lighthouse = await runLighthouseBench(
        small.server.url,
        issue14Pages(small.customers.tokens[0]!, small.customers.barista),
      );
    } finally {
      await small.close();
    }
    figures.push({
      area: '',
      measure: 'barista board first order card (Chromium, median of 5; goal ≤ 800 ms)',
      value: ms(render.board),
      baseline: `blank page ${ms(render.blank)}`,
      ratio: ratio(render.board, render.blank),
    });
    step('first-screen scripts per screen');
    const customer = c.tokens[0]!;
    const screens = await firstScreenScripts(s.server.url, [
      { path: '/login', token: null },
      { path: '/create', token: null },
      { path: '/menuCafe', token: customer },
      { path: '/menubar', token: customer },
      { path: '/statusOrder', token: customer },
      { path: '/ordered', token: customer },
      { path: '/ordering', token: c.barista },
    ]);
    for (const sc of screens)
      figures.push({
        area: '',
        measure: `first-screen JS gzip, ${sc.path} (${sc.files} files)`,
        value: `${(sc.gzip / 1024).toFixed(0)} KiB`,
        baseline: 'goal <= 150 KiB',
        ratio: ratio(sc.gzip, 150 * 1024),
      });
    figures.push(...lighthouse);
  } finally {
    await s.close();
  }

  step('command-to-socket with NATS');
  const nats = await natsEnv();
  try {
    const n = await benchServer(SOCKET_SAMPLES + 10, nats.env);
    try {
      figures.push(
        socketFigure('NATS JetStream', await commandToSocket(n.server.url, n.customers, 0, SOCKET_SAMPLES, 200)),
      );
    } finally {
      await n.close();
    }
  } catch (err) {
    figures.push({
      area: 'live',
      measure: 'command-to-socket with NATS',
      value: `skipped: ${(err as Error).message.split('\n')[0]}`,
      baseline: '',
      ratio: '',
    });
  } finally {
    await nats.cleanup().catch(() => undefined);
  }
} finally {
  await koa.stop();
}

const SUITES = [
  ['append-bench.ts', 'runAppendBench', 'event log append'],
  ['rebuild-bench.ts', 'runRebuildBench', 'rebuild'],
  ['scale-bench.ts', 'runScaleBench', 'scale-out (PostgreSQL + NATS)'],
] as const;
for (const [file, fn, area] of SUITES) {
  if (!existsSync(join(repoRoot(), 'scripts', 'bench', file))) continue;
  step(fn);
  const mod = (await import(`./${file.replace('.ts', '.js')}`)) as Record<
    string,
    () => Promise<Record<string, unknown>[]>
  >;
  let rows: Record<string, unknown>[];
  try {
    rows = await mod[fn]!();
  } catch (err) {
    figures.push({
      area,
      measure: fn,
      value: `skipped: ${(err as Error).message.split('\n')[0]}`,
      baseline: '',
      ratio: '',
    });
    continue;
  }
  for (const row of rows) {
    const {
      case: name,
      perSecond,
      vsBaseline,
      ...rest
    } = row as { case: string; perSecond: number; vsBaseline?: string };
    figures.push({
      area,
      measure: String(name),
      value: perSec(Number(perSecond)),
      baseline: Object.entries(rest)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
      ratio: String(vsBaseline ?? ''),
    });
  }
}

step('runEstimateAccuracy');
const { runEstimateAccuracy } = await import('./estimate-accuracy.js');
const accuracy = await runEstimateAccuracy();
figures.push({
  area: 'waiting estimate',
  measure: `actual wait inside the shown range, synthetic day (${accuracy.orders} orders shown a range, ${accuracy.withoutEstimate} without)`,
  value: `${(accuracy.share * 100).toFixed(1)}%`,
  baseline: `target >= 80%; mean range ${accuracy.meanWidthMinutes.toFixed(1)} min`,
  ratio: '',
});

step('runHttpBench');
const { runHttpBench } = await import('./http-bench.js');
const httpRows = await runHttpBench();
const httpOutput = `Machine: ${machineLine()}\nSettings: ${HTTP_SETTINGS}\n\n${table(httpRows)}`;

const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${process.platform}`;
const settings = `SQLite (WAL, synchronous=FULL) in a temp dir; ${USERS} users × 2 orders over ${CONNECTIONS} connections (autocannon); command-to-socket: ${SOCKET_SAMPLES} sequential orders with 200 staff sockets open; mixed: ${MIXED_RATE} req/s for ${MIXED_SECONDS}s (half queue reads, a quarter orders, a quarter barista moves), 300 customer sockets; client, server and baseline share the machine`;
const summary = [
  `Machine: ${machine}`,
  `Settings: ${settings}`,
  `Total bench time: ${((performance.now() - started) / 1000).toFixed(0)} s`,
  '',
  table(figures),
].join('\n');
console.log(`${summary}\n\n${httpOutput}`);
// The summary and the request path's section are this run's; the sections below them (the issues' before
// and after notes) are kept.
writeSummary(
  `# Benchmarks\n\nMade by \`make bench\` (\`npx tsx scripts/bench/run-all.ts\`; needs services/dist and web/dist built, NATS at 127.0.0.1:4222 or NATS_URL for the NATS row). Each figure sits beside a baseline measured in the same run, on the same machine; the ratio is figure ÷ baseline.\n\nLatest run, ${new Date().toISOString().slice(0, 10)}:\n\n${summary}\n`,
);
writeSection('Request path (make bench ARGS=http)', httpOutput);

function socketFigure(bus: string, r: Awaited<ReturnType<typeof commandToSocket>>): Figure {
  return {
    area: `live (${bus})`,
    measure: 'command-to-socket p50 / p99, 200 sockets',
    value: `${ms(r.p50)} / ${ms(r.p99)}`,
    baseline: `command's HTTP answer ${ms(r.answerP50)} / ${ms(r.answerP99)}`,
    ratio: `${ratio(r.p50, r.answerP50)} / ${ratio(r.p99, r.answerP99)}`,
  };
}

async function fixedRate(url: string, rate: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const all: Promise<void>[] = [];
  const t0 = performance.now();
  for (let n = 0; n < rate * seconds; n++) {
    const wait = t0 + (n * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const s = performance.now();
    all.push(
      fetch(`${url}/api/ping`).then(
        async (r) => {
          await r.arrayBuffer();
          latencies.push(performance.now() - s);
          if (!r.ok) errors++;
        },
        () => void errors++,
      ),
    );
  }
  await Promise.all(all);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

function machineLine(): string {
  return `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${process.platform}; run ${new Date().toISOString().slice(0, 16)}`;
}

/** Replaces what docs/benchmarks.md holds before its first `## ` section, keeping the sections. */
function writeSummary(text: string): void {
  const file = join(repoRoot(), 'docs', 'benchmarks.md');
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const first = doc.indexOf('\n## ');
  writeFileSync(file, first < 0 ? text : `${text}\n${doc.slice(first + 1)}`);
}

/** Replaces (or appends) one `## title` section of docs/benchmarks.md, keeping the rest. */
function writeSection(title: string, body: string): void {
  const file = join(repoRoot(), 'docs', 'benchmarks.md');
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const heading = `## ${title}`;
  const start = doc.indexOf(heading);
  const section = `${heading}\n\n${body.trimEnd()}\n\n`;
  if (start < 0) return writeFileSync(file, `${doc.trimEnd()}\n\n${section}`);
  const next = doc.indexOf('\n## ', start + heading.length);
  writeFileSync(file, doc.slice(0, start) + section + (next < 0 ? '' : doc.slice(next + 1)));
}
