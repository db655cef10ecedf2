// How often the wait range shown at placement holds the order's actual wait:
//   npx tsx scripts/bench/estimate-accuracy.ts
// Seven synthetic days of history, then a day of 300 orders replayed event by
// event; each order's estimate is taken the moment it is placed, from what the
// read models knew then, exactly as GET /api/order/{id}/estimate computes it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { addDays, startOfBusinessDay, type NewEvent } from '@drinks/contracts';
import { estimateForOrder, getOrder, ordersProjection, prepTimesProjection } from '../../projections/src/index.js';
import { openDatabase } from '../../services/src/db/database.js';
import { createProjector } from '../../services/src/projector/projector.js';
import { createMemoryEventStore } from '../../services/src/store/memory.js';

const TZ = 'Asia/Bangkok';
const TEST_DAY = '2025-03-10';
const HISTORY_DAYS = 7;
const ORDERS_PER_DAY = 300;
const BARISTAS = 2;
/** Menus and their mean preparation minutes. */
const MENUS: [string, number][] = [
  ['Espresso', 1.5],
  ['Americano', 2],
  ['Latte', 2.5],
  ['Mocha', 3],
  ['Thai Tea', 2.5],
  ['Matcha', 3],
  ['Caramel Frappe', 4],
  ['Choc Frappe', 4],
];

/** mulberry32: a small seeded generator, so every run replays the same days. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const normal = (r: () => number) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());

interface Timed {
  at: number;
  event: NewEvent;
}

/** One business day: arrivals peaking mid-morning and after lunch, FIFO baristas, a few rejections and cancellations. */
function syntheticDay(
  day: string,
  seed: number,
): { events: Timed[]; placed: Map<string, number>; done: Map<string, number> } {
  const r = rng(seed);
  const open = startOfBusinessDay(day, TZ).getTime() + 8 * 3600_000;
  const minute = 60_000;
  const arrivals = Array.from({ length: ORDERS_PER_DAY }, () => {
    const u = r();
    const m = u < 0.35 ? 90 + normal(r) * 35 : u < 0.65 ? 285 + normal(r) * 35 : r() * 540;
    return open + Math.min(539, Math.max(0, m)) * minute + Math.floor(r() * minute);
  }).sort((a, b) => a - b);
  const events: Timed[] = [];
  const placed = new Map<string, number>();
  const done = new Map<string, number>();
  const free = Array.from({ length: BARISTAS }, () => open);
  arrivals.forEach((at, i) => {
    const orderId = `${day}-o${i}`;
    const userId = `u${Math.floor(r() * 150)}`;
    const [menuName, meanPrep] = MENUS[Math.floor(r() * MENUS.length)]!;
    const ref = { orderId, userId, businessDay: day, by: 'barista' };
    placed.set(orderId, at);
    events.push({
      at,
      event: {
        type: 'OrderPlaced',
        tags: [],
        data: {
          ...ref,
          userName: `User ${userId}`,
          menuId: `m-${menuName}`,
          menuName,
          categoryId: 'c-coffee',
          categoryName: 'Coffee',
          categoryFor: 'cafe',
          type: 'hot',
          sweetness: 50,
          remark: '-',
          tumblerImage: null,
        },
      },
    });
    const fate = r();
    const b = free.indexOf(Math.min(...free));
    const start = Math.max(free[b]!, at + Math.floor(r() * 30_000));
    if (fate < 0.02) {
      const cancelAt = at + (0.5 + r() * 2) * minute;
      if (cancelAt < start)
        return void events.push({
          at: cancelAt,
          event: { type: 'OrderCancelled', tags: [], data: { ...ref, by: userId } },
        });
    }
    if (fate > 0.97) {
      free[b] = start + 10_000;
      return void events.push({
        at: start + 10_000,
        event: { type: 'OrderRejected', tags: [], data: { ...ref, reason: 'Out of stock' } },
      });
    }
    const end = start + Math.max(0.5, meanPrep * Math.exp(0.3 * normal(r))) * minute;
    free[b] = end;
    done.set(orderId, end);
    events.push({ at: start, event: { type: 'OrderStarted', tags: [], data: ref } });
    events.push({ at: end, event: { type: 'OrderCompleted', tags: [], data: ref } });
    events.push({
      at: end + (1 + r() * 9) * minute,
      event: { type: 'OrderPickedUp', tags: [], data: { ...ref, by: userId } },
    });
  });
  return { events: events.sort((a, b) => a.at - b.at), placed, done };
}

export interface EstimateAccuracy {
  /** Orders with an estimate at placement whose actual wait fell inside it, over those orders. */
  share: number;
  /** Completed orders of the test day that were shown an estimate. */
  orders: number;
  /** Orders of the test day placed with no estimate (too little data). */
  withoutEstimate: number;
  meanWidthMinutes: number;
}

export async function runEstimateAccuracy(): Promise<EstimateAccuracy> {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinks-estimate-'));
  const db = await openDatabase({ dataDir });
  let clock = new Date(0);
  const store = createMemoryEventStore({ now: () => clock });
  const projector = createProjector({ db, store, projections: [ordersProjection, prepTimesProjection], timeZone: TZ });
  try {
    await projector.migrate();
    const append = async ({ at, event }: Timed) => {
      clock = new Date(at);
      await store.append([event]);
    };
    for (let d = HISTORY_DAYS; d >= 1; d--)
      for (const e of syntheticDay(addDays(TEST_DAY, -d), d).events) await append(e);
    await projector.catchUp();

    const test = syntheticDay(TEST_DAY, 1000);
    const shown = new Map<string, { lowMinutes: number; highMinutes: number }>();
    let withoutEstimate = 0;
    for (const e of test.events) {
      await append(e);
      if (e.event.type !== 'OrderPlaced') continue;
      await projector.catchUp();
      const order = await getOrder(db.knex, e.event.data.orderId);
      const { estimate } = await estimateForOrder(db.knex, order!, new Date(e.at), TZ);
      if (estimate) shown.set(order!.id, estimate);
      else withoutEstimate++;
    }
    let inside = 0;
    let orders = 0;
    let width = 0;
    for (const [id, est] of shown) {
      const end = test.done.get(id);
      if (end === undefined) continue;
      const wait = (end - test.placed.get(id)!) / 60_000;
      orders++;
      width += est.highMinutes - est.lowMinutes;
      if (wait >= est.lowMinutes && wait <= est.highMinutes) inside++;
    }
    return {
      share: orders ? inside / orders : 0,
      orders,
      withoutEstimate,
      meanWidthMinutes: orders ? width / orders : 0,
    };
  } finally {
    await store.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runEstimateAccuracy();
  console.log(
    `estimate accuracy: ${(result.share * 100).toFixed(1)}% of ${result.orders} orders waited within the range shown ` +
      `(mean width ${result.meanWidthMinutes.toFixed(1)} min; ${result.withoutEstimate} shown none; target >= 80%)`,
  );
}
