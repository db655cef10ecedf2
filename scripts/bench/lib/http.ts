import autocannon from 'autocannon';
import type { Customers } from '../../../services/src/faults/tests/traffic.js';
import { call } from '../../../services/src/faults/tests/support.js';

export interface CannonResult {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

type Next = () => { method: string; path: string; headers?: Record<string, string>; body?: string };

export async function cannon(
  url: string,
  next: Next,
  opts: { amount?: number; duration?: number; connections: number },
): Promise<CannonResult> {
  const result = await autocannon({
    url,
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration ?? 3 }),
    requests: [{ setupRequest: (req: any) => ({ ...req, ...next() }) }],
  } as any);
  return {
    // Answers over the run's wall time: requests.average is a mean of whole-second buckets, coarse for short runs.
    perSecond: result.requests.total / Math.max(result.duration, 1e-3),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

/** The first `users` customers place two orders each (racing each other), `connections` at a time. */
export function placeOrders(url: string, c: Customers, users: number, connections = 32): Promise<CannonResult> {
  let i = 0;
  return cannon(
    url,
    () => {
      const n = i++;
      // autocannon may prepare a few requests more than it sends: those wrap (and count as 409s).
      const u = Math.floor(n / 2) % users;
      const body = {
        menu_id: c.menus[n % c.menus.length],
        type: 'hot',
        sweetness: 50,
        remark: '',
        tumblerImage: c.image,
      };
      return { method: 'POST', path: '/api/order', headers: json(c.tokens[u]!), body: JSON.stringify(body) };
    },
    { amount: users * 2, connections },
  );
}

/** The barista starts, then completes, every ordered order. */
export async function baristaTransitions(url: string, c: Customers, connections = 32): Promise<CannonResult> {
  const ids = ((await call(url, 'GET', '/order?status=ordered', c.barista)).body as { id: string }[]).map((o) => o.id);
  const steps = [...ids.map((id) => ({ id, status: 'in-progress' })), ...ids.map((id) => ({ id, status: 'done' }))];
  let i = 0;
  // Two runs, so that every start is answered before its completion is sent.
  const run = (from: number, to: number) =>
    cannon(
      url,
      () => {
        const s = steps[from + (i++ % (to - from))]!;
        return {
          method: 'PATCH',
          path: `/api/order/barista/${s.id}`,
          headers: json(c.barista),
          body: JSON.stringify({ status: s.status }),
        };
      },
      { amount: to - from, connections },
    );
  const a = await run(0, ids.length);
  i = 0;
  const b = await run(ids.length, steps.length);
  const total = a.total + b.total;
  return {
    perSecond: (a.perSecond * a.total + b.perSecond * b.total) / total,
    p50: Math.max(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    total,
  };
}

/** The bare Koa route, for the same machine's ceiling. */
export function bareRoute(url: string, connections = 32, duration = 3): Promise<CannonResult> {
  return cannon(url, () => ({ method: 'GET', path: '/api/ping' }), { duration, connections });
}
