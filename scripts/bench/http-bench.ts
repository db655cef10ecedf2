// The request path against bare Koa (issue 15's table): every row beside a same-run baseline, the same
// client (autocannon, 32 connections, bodies and tokens spread over the users), on SQLite and PostgreSQL.
//   npx tsx scripts/bench/http-bench.ts      (services/dist built; `make bench ARGS=http` runs it alone)
// BENCH_PROFILE=<dir> starts each server under `node --cpu-prof` and leaves the .cpuprofile files there.
// BENCH_ANALYZE=1 runs ANALYZE on PostgreSQL once the past orders are in, as autovacuum would in service (the
// PostgreSQL on these machines runs with autovacuum off: without it every plan is made without statistics).
import { pathToFileURL } from 'node:url';
import type { Customers } from '../../services/src/scale-out/cluster.js';
import { baristaTransitions, cannon, placeOrders, withCpu, type CannonResult } from './lib/http.js';
import { bareKoa, BENCH_TODAY, serverWithHistory } from './lib/server.js';
import { ms, perSec, ratio, type Figure } from './lib/stats.js';

const USERS = Number(process.env.BENCH_USERS ?? 400);
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 3);
/** Orders already in the log from earlier days (a database months into service), placed before the run. */
const PAST_ORDERS = Number(process.env.BENCH_PAST_ORDERS ?? 20_000);
/** BENCH_ROWS=queue,me (healthz, queue, me, today, board, moves) measures only those rows, e.g. to profile one call; orders are always placed. */
const ROWS = process.env.BENCH_ROWS?.split(',');

interface Goal {
  /** Least share of the baseline's throughput. */
  share?: number;
  /** Least absolute throughput. */
  perSecond?: number;
  p99?: number;
}

function row(area: string, measure: string, r: CannonResult, base: CannonResult | null, goal: Goal): Figure {
  const share = base ? r.perSecond / base.perSecond : NaN;
  const short =
    (goal.share !== undefined && !(share >= goal.share)) ||
    (goal.perSecond !== undefined && r.perSecond < goal.perSecond) ||
    (goal.p99 !== undefined && r.p99 > goal.p99);
  const goalText = [
    goal.share !== undefined ? `≥ ${goal.share * 100}%` : '',
    goal.perSecond !== undefined ? `≥ ${goal.perSecond}/s` : '',
    goal.p99 !== undefined ? `p99 ≤ ${goal.p99} ms` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return {
    area,
    measure: `${measure} (${r.total} req, ${r.non2xx} non-2xx)`,
    value: `${perSec(r.perSecond)}, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${cpu(r)}`,
    baseline: base ? `bare Koa ${perSec(base.perSecond)}, p99 ${ms(base.p99)}${cpu(base)}` : '—',
    ratio:
      `${base ? ratio(r.perSecond, base.perSecond) : '—'}; goal ${goalText}${short ? ' — SHORT' : ' — met'}` +
      (base?.cpuUs && r.cpuUs ? `; CPU per request ${ratio(r.cpuUs, base.cpuUs)} bare Koa's` : ''),
  };
}

const cpu = (r: CannonResult) => (r.cpuUs === undefined ? '' : `, server CPU ${r.cpuUs.toFixed(0)} µs/req`);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** GETs of `path` for SECONDS, as the token `token()` names for each (none: unauthenticated), with the server's CPU. */
function reads(server: { url: string; pid: number }, path: string, token?: () => string) {
  return withCpu(server.pid, () =>
    cannon(server.url, () => ({ method: 'GET', path, ...(token ? { headers: bearer(token()) } : {}) }), {
      duration: SECONDS,
      connections: CONNECTIONS,
    }),
  );
}

/** The customers' tokens in turn. */
function eachCustomer(c: Customers): () => string {
  let i = 0;
  return () => c.tokens[i++ % c.tokens.length]!;
}

async function onBackend(kind: 'sqlite' | 'pg', bare: { get: Baseline; post: Baseline }, profileDir?: string) {
  const area = kind === 'sqlite' ? 'HTTP, SQLite' : 'HTTP, PostgreSQL';
  const {
    server,
    customers: c,
    stop,
  } = await serverWithHistory(kind, {
    users: USERS,
    past: PAST_ORDERS,
    ...(profileDir
      ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${kind}.cpuprofile`] }
      : {}),
  });
  const figures: Figure[] = [];
  try {
    const wanted = (name: string) => !ROWS || ROWS.includes(name);
    if (wanted('healthz'))
      figures.push(row(area, 'GET /api/healthz (no auth)', await reads(server, '/api/healthz'), bare.get, {}));
    const place = await withCpu(server.pid, () => placeOrders(server.url, c, USERS, CONNECTIONS));
    figures.push(
      kind === 'sqlite'
        ? row(area, 'PlaceOrder (POST /api/order)', place, bare.post, { share: 0.3, p99: 25 })
        : row(area, 'PlaceOrder, one process', place, bare.post, { perSecond: 1500, p99: 40 }),
    );
    if (wanted('queue'))
      figures.push(
        row(area, 'GET /api/order/my-queue', await reads(server, '/api/order/my-queue', eachCustomer(c)), bare.get, {
          share: 0.5,
        }),
      );
    if (wanted('me'))
      figures.push(
        row(area, 'GET /api/user/me', await reads(server, '/api/user/me', eachCustomer(c)), bare.get, { share: 0.7 }),
      );
    if (wanted('today')) {
      // The status page's list: the customer's orders of today and what still waits from earlier days.
      const path = `/api/order?startDate=${BENCH_TODAY}&endDate=${BENCH_TODAY}`;
      figures.push(
        row(area, "GET /api/order (a customer's today)", await reads(server, path, eachCustomer(c)), bare.get, {}),
      );
    }
    if (wanted('board')) {
      // The barista's list of every waiting order (the bench keeps them all waiting): rows read and sent in bulk.
      const board = await reads(server, '/api/order?status=ordered', () => c.barista);
      figures.push(row(area, `GET /api/order?status=ordered (${USERS * 2} orders, barista)`, board, bare.get, {}));
    }
    if (!wanted('moves')) return figures;
    const moves = await withCpu(server.pid, () => baristaTransitions(server.url, c, CONNECTIONS));
    figures.push(row(area, 'barista Start+Complete (PATCH)', moves, bare.post, { share: 0.3, p99: 25 }));
  } finally {
    await stop();
  }
  return figures;
}

type Baseline = CannonResult;

export async function runHttpBench(): Promise<Figure[]> {
  const koa = await bareKoa();
  const profileDir = process.env.BENCH_PROFILE;
  try {
    const bare = {
      get: await withCpu(koa.pid, () =>
        cannon(koa.url, () => ({ method: 'GET', path: '/api/ping' }), { duration: SECONDS, connections: CONNECTIONS }),
      ),
      post: await withCpu(koa.pid, () =>
        cannon(
          koa.url,
          () => ({
            method: 'POST',
            path: '/api/ping',
            headers: { 'content-type': 'application/json' },
            body: '{"a":1}',
          }),
          { duration: SECONDS, connections: CONNECTIONS },
        ),
      ),
    };
    const figures: Figure[] = [
      row('baseline', 'bare Koa GET', bare.get, null, {}),
      row('baseline', 'bare Koa POST (JSON body read)', bare.post, null, {}),
    ];
    const only = process.env.BENCH_BACKENDS?.split(',') ?? ['sqlite', 'pg'];
    for (const kind of ['sqlite', 'pg'] as const) {
      if (!only.includes(kind)) continue;
      try {
        figures.push(...(await onBackend(kind, bare, profileDir)));
      } catch (err) {
        figures.push({
          area: kind,
          measure: 'HTTP',
          value: `skipped: ${(err as Error).message.split('\n')[0]}`,
          baseline: '',
          ratio: '',
        });
      }
    }
    return figures;
  } finally {
    await koa.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { table } = await import('./lib/stats.js');
  console.log(table(await runHttpBench()));
}
