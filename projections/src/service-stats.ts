import { DrinkType, VOID_ORDER_STATUSES, type ServiceStats } from '@drinks/contracts';
import type { Knex } from 'knex';
import { PREP_TIMES_TABLE } from './prep-times.js';
import { num } from './sql.js';
import { quantile, toMinutes } from './wait-estimate.js';

// The service dashboard reads rm_prep_times (owned by the prep-times projection):
// one row per order with its business day and hour, status, type and sweetness.

type Db = Knex | Knex.Transaction;

export interface ServiceStatsFilter {
  /** Range on the order's placement instant: [from, to). */
  from: Date;
  to: Date;
}

const placedIn = (db: Db, f: ServiceStatsFilter) =>
  db(PREP_TIMES_TABLE).where('placed_at', '>=', f.from.toISOString()).where('placed_at', '<', f.to.toISOString());

function waitBuckets<K extends string | number>(rows: readonly { key: K; wait: number }[]) {
  const byKey = new Map<K, number[]>();
  for (const r of rows) {
    const list = byKey.get(r.key);
    if (list) list.push(r.wait);
    else byKey.set(r.key, [r.wait]);
  }
  return [...byKey]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, waits]) => {
      waits.sort((a, b) => a - b);
      return {
        key,
        medianMinutes: toMinutes(quantile(waits, 0.5)),
        p90Minutes: toMinutes(quantile(waits, 0.9)),
        orders: waits.length,
      };
    });
}

async function countBy(q: Knex.QueryBuilder, column: string): Promise<{ key: unknown; n: number }[]> {
  const rows = (await q.select(`${column} as key`).count({ n: '*' }).groupBy(column)) as { key: unknown; n: unknown }[];
  return rows.map((r) => ({ key: r.key, n: num(r.n) }));
}

/**
 * Waits (placed to done) by business day and hour of placement, why orders were
 * rejected, how many were cancelled, when orders come in and what is ordered.
 * Busiest hours and the mixes count the orders that count everywhere else: not cancel or rejected.
 */
export async function serviceStats(db: Db, f: ServiceStatsFilter): Promise<ServiceStats> {
  const waits = (await placedIn(db, f).select('business_day', 'hour', 'wait_s').whereNotNull('wait_s')) as {
    business_day: string;
    hour: unknown;
    wait_s: unknown;
  }[];
  const counted = () => placedIn(db, f).whereNotIn('status', VOID_ORDER_STATUSES);
  const [reasons, cancelled, hours, types, sweetness] = await Promise.all([
    countBy(placedIn(db, f).where('status', 'rejected'), 'reject_reason'),
    placedIn(db, f).where('status', 'cancel').count({ n: '*' }).first() as Promise<{ n: unknown } | undefined>,
    countBy(counted(), 'hour'),
    countBy(counted().whereNotNull('type'), 'type'),
    countBy(counted().whereNotNull('sweetness'), 'sweetness'),
  ]);
  return {
    waitByDay: waitBuckets(waits.map((w) => ({ key: w.business_day, wait: num(w.wait_s) }))).map(({ key, ...b }) => ({
      day: key,
      ...b,
    })),
    waitByHour: waitBuckets(waits.map((w) => ({ key: num(w.hour), wait: num(w.wait_s) }))).map(({ key, ...b }) => ({
      hour: key,
      ...b,
    })),
    rejectionReasons: reasons
      .map((r) => ({ reason: String(r.key ?? ''), count: r.n }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    cancellations: num(cancelled?.n),
    busiestHours: hours
      .map((h) => ({ hour: num(h.key), orders: h.n }))
      .sort((a, b) => b.orders - a.orders || a.hour - b.hour),
    typeMix: types
      .map((t) => ({ type: DrinkType.parse(t.key), count: t.n }))
      .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
    sweetnessMix: sweetness
      .map((s) => ({ sweetness: num(s.key), count: s.n }))
      .sort((a, b) => a.sweetness - b.sweetness),
  };
}
