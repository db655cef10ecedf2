import type { Customers } from '../../../services/src/faults/tests/traffic.js';
import { call } from '../../../services/src/faults/tests/support.js';
import { openMany } from './sockets.js';
import { percentile } from './stats.js';

export interface MixedResult {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  perSecond: number;
}

/**
 * A fixed arrival rate for `seconds`: customers read their queue (half), place orders
 * (a quarter), the barista starts and completes (a quarter), while `sockets` customers listen.
 */
export async function mixed(
  url: string,
  c: Customers,
  opts: { seconds: number; rate: number; sockets: number; from: number },
): Promise<MixedResult> {
  const listeners = await openMany(url, c.tokens.slice(0, opts.sockets));
  const latencies: number[] = [];
  let errors = 0;
  let nextCustomer = opts.from;
  const toStart: string[] = [];
  const toComplete: string[] = [];
  const inflight = new Set<Promise<void>>();
  const timed = (f: () => Promise<{ status: number; body: any }>, ok = (s: number) => s >= 200 && s < 300) => {
    const t0 = performance.now();
    const p = f().then((res) => {
      latencies.push(performance.now() - t0);
      if (!ok(res.status)) errors++;
      return res;
    });
    const done = p.then(
      () => undefined,
      () => void errors++,
    );
    inflight.add(done);
    void done.finally(() => inflight.delete(done));
    return p;
  };
  const started = performance.now();
  const total = Math.round(opts.seconds * opts.rate);
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / opts.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const kind = n % 4;
    if (kind === 0 || kind === 2) {
      const u = n % Math.max(1, nextCustomer);
      void timed(() => call(url, 'GET', '/order/my-queue', c.tokens[u % c.tokens.length]));
    } else if (kind === 1 && nextCustomer < c.ids.length * 2) {
      const u = Math.floor(nextCustomer++ / 2) % c.ids.length;
      void timed(() =>
        call(url, 'POST', '/order', c.tokens[u], {
          menu_id: c.menus[n % c.menus.length],
          type: 'hot',
          sweetness: 50,
          remark: '',
          tumblerImage: c.image,
        }),
      ).then((r) => r.status === 201 && toStart.push(r.body.id));
    } else {
      const completing = toComplete.shift();
      const id = completing ?? toStart.shift();
      if (!id) continue;
      const status = completing ? 'done' : 'in-progress';
      void timed(() => call(url, 'PATCH', `/order/barista/${id}`, c.barista, { status })).then(
        (r) => r.status === 200 && status === 'in-progress' && toComplete.push(id),
      );
    }
  }
  await Promise.all([...inflight]);
  const seconds = (performance.now() - started) / 1000;
  for (const l of listeners) l.close();
  return {
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    perSecond: latencies.length / seconds,
  };
}
