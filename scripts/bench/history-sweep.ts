// Which reads grow with the log's history: every GET the screens send, timed on a server without history and on
// one a year into service (BENCH_PAST_ORDERS past orders, 200 a day, served), one request at a time.
//   make bench ARGS=history   (or npx tsx scripts/bench/history-sweep.ts; services/dist built)
import { pathToFileURL } from 'node:url';
import { addDays } from '@drinks/contracts';
import { call } from '../../services/src/faults/tests/support.js';
import { demoStaffTokens, placeOrders } from './lib/http.js';
import { BENCH_TODAY, serverWithHistory } from './lib/server.js';

const USERS = Number(process.env.BENCH_USERS ?? 100);
const PAST = Number(process.env.BENCH_PAST_ORDERS ?? 50_000);
const ROUNDS = 200;
/** BENCH_BACKENDS=pg: the same on PostgreSQL (DATABASE_URL, else the local server). */
const BACKEND = process.env.BENCH_BACKENDS === 'pg' ? 'pg' : 'sqlite';

async function sweep(past: number): Promise<Map<string, number>> {
  const { server, customers: c, stop } = await serverWithHistory(BACKEND, { users: USERS, past, served: true });
  const times = new Map<string, number>();
  try {
    const today = BENCH_TODAY;
    await placeOrders(server.url, c, USERS, 8);
    const admin = (await demoStaffTokens(server.url, 'admin')).accessToken;
    const mine = (await call(server.url, 'GET', '/order/my-queue', c.tokens[0])).body as { id: string }[];
    const id = mine[0]!.id;
    const range = `startDate=${addDays(today, -6)}&endDate=${addDays(today, 1)}`;
    const paths: [string, (i: number) => string][] = [
      ['/order/my-queue', (i) => c.tokens[i % USERS]!],
      [`/order?startDate=${today}&endDate=${today}`, (i) => c.tokens[i % USERS]!],
      ['/order/count/user', (i) => c.tokens[i % USERS]!],
      ['/order/history/user', (i) => c.tokens[i % USERS]!],
      ['/order/{id}', () => c.tokens[0]!],
      ['/order/{id}/estimate', () => c.tokens[0]!],
      ['/order/{id}/timeline', () => c.tokens[0]!],
      ['/category', () => c.tokens[0]!],
      ['/cafe-status', () => c.tokens[0]!],
      ['/config', () => c.tokens[0]!],
      ['/order?status=ordered', () => c.barista],
      ['/order?status=in-progress', () => c.barista],
      [`/order?status=done&startDate=${addDays(today, -1)}&endDate=${addDays(today, 1)}`, () => c.barista],
      ['/order/ready', () => c.barista],
      ['/order/unclaimed', () => c.barista],
      ['/order/summary', () => c.barista],
      [`/order/count/total?${range}`, () => c.barista],
      [`/order/find/popular-menu?${range}`, () => c.barista],
      [`/order/history/user?status=picked&${range} (staff)`, () => c.barista],
      [`/order?startDate=${today}&endDate=${today} (staff)`, () => c.barista],
      [`/stats/service?${range}`, () => admin],
      ['/audit', () => admin],
      ['/user', () => admin],
    ];
    for (const [label, token] of paths) {
      const path = label.replace(/ \(staff\)$/, '').replace('{id}', id);
      for (let i = 0; i < 20; i++) await call(server.url, 'GET', path, token(i));
      const t0 = performance.now();
      for (let i = 0; i < ROUNDS; i++) {
        const res = await call(server.url, 'GET', path, token(i));
        if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      times.set(label, ((performance.now() - t0) / ROUNDS) * 1000);
    }
  } finally {
    await stop();
  }
  return times;
}

export const HISTORY_SETTINGS = `${BACKEND === 'pg' ? 'PostgreSQL' : 'SQLite'}, in-process bus; ${USERS} customers with two orders each today; each GET sent ${ROUNDS} times one after another (after 20 unmeasured), mean time per request as the client sees it; past orders 200 a day, served (one in 20 cancelled)`;

/** The table: each GET's mean time without history and with BENCH_PAST_ORDERS past orders, and the ratio. */
export async function runHistorySweep(): Promise<string> {
  const without = await sweep(0);
  const withHistory = await sweep(PAST);
  const lines = [
    `| GET | no history | ${PAST.toLocaleString('en')} past orders | ratio |`,
    '| --- | --- | --- | --- |',
    ...[...without].map(([label, us]) => {
      const h = withHistory.get(label)!;
      return `| ${label} | ${us.toFixed(0)} µs | ${h.toFixed(0)} µs | ${(h / us).toFixed(1)}× |`;
    }),
  ];
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await runHistorySweep());
