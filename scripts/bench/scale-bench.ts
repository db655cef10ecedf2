// PlaceOrder over HTTP with one and with two api processes on PostgreSQL + NATS (relay and
// projector in processes of their own), so the scaling factor shows:
//   npx tsx scripts/bench/scale-bench.ts      (services/dist built; BENCH_SCALE_USERS=150 by default)
import { pathToFileURL } from 'node:url';
import { createCluster, seedCustomers, type Customers } from '../../services/src/scale-out/cluster.js';
import autocannon from 'autocannon';
import { orderRequest } from './lib/http.js';
import { natsEnv } from './lib/server.js';
import type { Row } from './rebuild-bench.js';

/** The shared Row, plus the p99 latency (run-all prints extra keys beside the baseline). */
export interface ScaleRow extends Row {
  p99: string;
}

const USERS = Number(process.env.BENCH_SCALE_USERS ?? 150);
const CONNECTIONS = 32;

interface Run {
  perSecond: number;
  p99: number;
  total: number;
  failed: number;
}

/** Each customer of `c` places its two orders (the day's limit), `connections` at a time. */
async function placeAll(url: string, c: Customers, connections: number) {
  let i = 0;
  const next = () => {
    const n = i++;
    return orderRequest(c, c.tokens[Math.floor(n / 2) % c.tokens.length]!, n);
  };
  const r = await autocannon({
    url,
    connections,
    amount: c.tokens.length * 2,
    sampleInt: 10, // the run ends on a sample tick: 1 s ticks would stretch it to the next whole second
    requests: [{ setupRequest: (req: object) => ({ ...req, ...next() }) }],
  });
  return { total: r.requests.total, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/** Every customer places its two orders; the customers are split evenly over `urls`. */
async function placeOver(urls: readonly string[], c: Customers): Promise<Run> {
  const share = Math.ceil(c.ids.length / urls.length);
  const slices = urls.map((url, i) => {
    const range = [i * share, (i + 1) * share] as const;
    const part = { ...c, ids: c.ids.slice(...range), tokens: c.tokens.slice(...range) };
    return { url, part };
  });
  const started = performance.now();
  const results = await Promise.all(slices.map((s) => placeAll(s.url, s.part, CONNECTIONS / urls.length)));
  const seconds = (performance.now() - started) / 1000;
  const total = results.reduce((n, r) => n + r.total, 0);
  return {
    perSecond: total / seconds,
    p99: Math.max(...results.map((r) => r.p99)),
    total,
    failed: results.reduce((n, r) => n + r.non2xx + r.errors, 0),
  };
}

export async function runScaleBench(): Promise<ScaleRow[]> {
  const nats = await natsEnv();
  const cluster = await createCluster(
    { url: nats.env.NATS_URL, stream: nats.env.NATS_STREAM, subjectPrefix: nats.env.NATS_SUBJECT_PREFIX },
    { LOG_LEVEL: 'silent' },
  );
  try {
    await cluster.start('projector');
    await cluster.start('relay');
    const a = await cluster.start('api', { DEMO_DATA: 'true' });
    // Two sets of customers: each places its daily two orders in one run only.
    const first = await seedCustomers(cluster.db, a.url, USERS, 60_000);
    const second = await seedCustomers(cluster.db, a.url, USERS, 60_000);
    await placeOver([a.url], { ...first, ids: first.ids.slice(0, 20), tokens: first.tokens.slice(0, 20) }).catch(
      () => undefined,
    ); // warm-up
    const one = await placeOver([a.url], { ...first, ids: first.ids.slice(20), tokens: first.tokens.slice(20) });
    const b = await cluster.start('api');
    const two = await placeOver([a.url, b.url], second);
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    return [
      {
        case: `PlaceOrder, 1 api process (${one.total} req, ${one.failed} failed)`,
        perSecond: Math.round(one.perSecond),
        vsBaseline: '1.00×',
        target: '',
        p99: ms(one.p99),
      },
      {
        case: `PlaceOrder, 2 api processes (${two.total} req, ${two.failed} failed)`,
        perSecond: Math.round(two.perSecond),
        vsBaseline: `${(two.perSecond / one.perSecond).toFixed(2)}×`,
        target: '> 1× when the machine has cores to spare',
        p99: ms(two.p99),
      },
    ];
  } finally {
    await cluster.close();
    await nats.cleanup().catch(() => undefined);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  console.table(await runScaleBench());
  console.error(`scale bench: ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
