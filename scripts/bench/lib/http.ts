import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { Customers } from '../../../services/src/faults/tests/traffic.js';
import { addDays, DEFAULT_SHOP_STATUS, tag, type Category, type NewEvent } from '@drinks/contracts';
import type { Db } from '../../../services/src/db/database.js';
import { orderTags } from '../../../services/src/domain/orders/place-order.js';
import { shopEvents } from '../../../services/src/domain/queries.js';
import { call } from '../../../services/src/faults/tests/support.js';
import { createEventStore } from '../../../services/src/store/event-store.js';

export interface CannonResult {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
  /** Server CPU time (user + system) per answered request, in µs, when the server's pid was given. */
  cpuUs?: number;
}

/** A process's CPU time so far (user + system), in ms, from /proc; null where there is no /proc. */
export function cpuMs(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/**
 * The server's CPU per request over `run`: unlike throughput, it hardly moves when the client or another
 * process takes the cores, so it compares runs on a busy machine.
 */
export async function withCpu(pid: number, run: () => Promise<CannonResult>): Promise<CannonResult> {
  const before = cpuMs(pid);
  const result = await run();
  const after = cpuMs(pid);
  if (before === null || after === null || result.total === 0) return result;
  return { ...result, cpuUs: ((after - before) * 1000) / result.total };
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
    // autocannon ends a run on its next sample tick, so with the default 1 s ticks a run of `amount` requests
    // lasted till the next whole second (800 orders answered in 1.2 s were timed as 2.0 s): tick every 10 ms.
    sampleInt: 10,
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

const RUN = randomUUID();

/**
 * POST /api/order of the `n`th order, as `token`: the menus taken in turn, the customers' photo, and an
 * Idempotency-Key of its own, as the web client sends with every order.
 */
export function orderRequest(c: Customers, token: string, n: number) {
  const body = { menu_id: c.menus[n % c.menus.length], type: 'hot', sweetness: 50, remark: '', tumblerImage: c.image };
  const headers = { ...json(token), 'idempotency-key': `bench-${RUN}-${n}` };
  return { method: 'POST' as const, path: '/api/order', headers, body: JSON.stringify(body) };
}

/** Each customer places one order: a board as a morning looks. */
export async function orderEach(url: string, c: Customers): Promise<void> {
  for (const [n, token] of c.tokens.entries()) {
    const order = orderRequest(c, token, n);
    const res = await fetch(`${url}${order.path}`, { ...order, method: order.method });
    if (!res.ok) throw new Error(`placing the board's orders: ${res.status}`);
  }
}

/** The first `users` customers place two orders each (racing each other), `connections` at a time. */
export function placeOrders(url: string, c: Customers, users: number, connections = 32): Promise<CannonResult> {
  let i = 0;
  return cannon(
    url,
    () => {
      const n = i++;
      // autocannon may prepare a few requests more than it sends: those wrap (and count as 409s).
      const u = Math.floor(n / 2) % users;
      return orderRequest(c, c.tokens[u]!, n);
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

/** The tokens of a demo staff account (make start's seed: barista@ or admin@woxa.tech). */
export async function demoStaffTokens(
  url: string,
  who: 'barista' | 'admin',
): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await call(url, 'POST', '/auth/v2/login', null, { email: `${who}@woxa.tech`, password: 'password123' });
  return res.body as { accessToken: string; refreshToken: string };
}

const PAST_ORDERS_A_DAY = 200;
const SERVED_WAVES = 5;
const cancelled = (data: { orderId: string; userId: string; businessDay: string; by: string }, tags: string[]) =>
  ({ type: 'OrderCancelled', data, tags }) as NewEvent;

/**
 * A log with history: `count` orders placed on the days before `today` (200 a day), spread over the customers
 * and the cafe menus, and each of those days' openings and closings of the shop, as a database months into
 * service holds them. Each order is cancelled, or with `served` (for reads of waits and estimates) started,
 * completed and picked up 2 to 10 minutes after it was placed, one in 20 cancelled.
 */
export async function seedPastOrders(
  db: Db,
  url: string,
  c: Customers,
  count: number,
  today: string,
  opts: { served?: boolean } = {},
): Promise<void> {
  if (count === 0) return;
  const categories = (await call<Category[]>(url, 'GET', '/category', c.tokens[0])).body;
  const menus = categories
    .filter((cat) => cat.categoryFor === 'cafe')
    .flatMap((cat) => cat.menu.map((m) => ({ menu: m, category: cat })));
  // Each day's orders are recorded at 10:00 of that day (Bangkok), as the server would have recorded them:
  // a list that goes by the order date must find them in the past, not at the bench's own wall-clock time.
  let recordedAt = new Date();
  const store = createEventStore(db, { clock: () => recordedAt });
  try {
    const served: NewEvent[][][] = Array.from({ length: SERVED_WAVES }, () => []);
    for (let start = 0; start < count; start += PAST_ORDERS_A_DAY) {
      const batch: Promise<unknown>[] = [];
      const businessDay = addDays(today, -1 - start / PAST_ORDERS_A_DAY);
      recordedAt = new Date(`${businessDay}T03:00:00.000Z`);
      for (let n = start; n < Math.min(count, start + PAST_ORDERS_A_DAY); n++) {
        const { menu, category } = menus[n % menus.length]!;
        const userId = c.ids[n % c.ids.length]!;
        const orderId = randomUUID();
        const placed = {
          orderId,
          userId,
          userName: 'Past',
          menuId: menu.id,
          menuName: menu.name,
          categoryId: category.id,
          categoryName: category.name,
          categoryFor: 'cafe' as const,
          type: 'hot' as const,
          sweetness: 50,
          tumblerImage: c.image,
          remark: '-',
          businessDay,
        };
        const tags = orderTags(placed);
        const ref = { orderId, userId, businessDay, by: userId };
        if (!opts.served) {
          batch.push(store.append([{ type: 'OrderPlaced', data: placed, tags }, cancelled(ref, tags)]));
          continue;
        }
        batch.push(store.append([{ type: 'OrderPlaced', data: placed, tags }]));
        const wave = n % SERVED_WAVES;
        served[wave]!.push(
          n % 20 === 0
            ? [cancelled(ref, tags)]
            : (['OrderStarted', 'OrderCompleted', 'OrderPickedUp'] as const).map(
                (type) => ({ type, data: ref, tags }) as NewEvent,
              ),
        );
      }
      await Promise.all(batch);
      // The day's orders done in waves, 2, 4, … 10 minutes after they were placed: waits of each length.
      for (let wave = 0; wave < SERVED_WAVES; wave++) {
        recordedAt = new Date(recordedAt.getTime() + 2 * 60_000);
        await Promise.all(served[wave]!.map((events) => store.append(events)));
        served[wave] = [];
      }
    }
    // Those days' openings and closings of the cafe (the bar's on Fridays too), then the shop as it was.
    recordedAt = new Date();
    const [now] = (await store.read([shopEvents])).events.slice(-1);
    const days = Math.ceil(count / PAST_ORDERS_A_DAY);
    const shopChanges: NewEvent[] = [];
    for (let d = days; d >= 1; d--) {
      const friday = d % 5 === 0;
      shopChanges.push(shopChanged(true, friday), shopChanged(false, false));
    }
    const current = now?.type === 'ShopStatusChanged' ? now.data : DEFAULT_SHOP_STATUS;
    shopChanges.push(shopChanged(current.isCafeOpen, current.isBarOpen));
    await store.append(shopChanges);
  } finally {
    await store.close();
  }
}

const shopChanged = (isCafeOpen: boolean, isBarOpen: boolean): NewEvent =>
  ({ type: 'ShopStatusChanged', data: { isCafeOpen, isBarOpen }, tags: [tag.shop] }) as NewEvent;
