import {
  ORDER_EVENT_TYPES,
  businessHour,
  type EstimateResponse,
  type EstimateScope,
  type Order,
  type StoredEvent,
} from '@drinks/contracts';
import type { Knex } from 'knex';
import type { Projection, ProjectionContext } from './projection.js';
import {
  createIndexesIfAbsent,
  createTableIfAbsent,
  dropIndexesIfPresent,
  iso,
  num,
  selectIn,
  upsertRows,
  type IndexSpec,
} from './sql.js';
import {
  estimateWait,
  MIN_SAMPLES,
  PREFERRED_SAMPLES,
  priorEstimate,
  quantile,
  toMinutes,
  type WaitSample,
} from './wait-estimate.js';

export { estimateWait, MIN_SAMPLES, priorEstimate, quantile, toMinutes, type WaitSample } from './wait-estimate.js';

type Db = Knex | Knex.Transaction;
export const PREP_TIMES_TABLE = 'rm_prep_times';

/** One row per order: when it was placed, started and done, in the business zone's hours. */
export interface PrepTimeRow {
  order_id: string;
  menu_id: string;
  area: string;
  business_day: string;
  /** Hour of placement (0–23) in the business time zone. */
  hour: number;
  status: string;
  type: string | null;
  sweetness: number | null;
  reject_reason: string | null;
  placed_at: string;
  started_at: string | null;
  done_at: string | null;
  /** done - placed and done - started, in seconds. */
  wait_s: number | null;
  prep_s: number | null;
  /** Orders of its area and day still in the queue when it was placed. */
  queue_ahead: number;
  active: number;
  last_position: number;
}

const HANDLES = ORDER_EVENT_TYPES;

/**
 * applyBatch counts each day's queue through this one, so a rebuild keeps it. Only orders still in
 * the queue are in it: it stays small, and an order done within a rebuild batch never enters it.
 */
const QUEUE_INDEX: IndexSpec = {
  name: 'rm_prep_times_active_idx',
  table: PREP_TIMES_TABLE,
  columns: ['business_day', 'area'],
  where: 'active = 1',
};
const RETIRED_QUEUE_INDEX = 'rm_prep_times_queue_idx';
const INDEXES: readonly IndexSpec[] = [
  { name: 'rm_prep_times_placed_idx', table: PREP_TIMES_TABLE, columns: ['placed_at'] },
  // An estimate's samples: the completed orders of one menu, or one area, in the last four weeks. By date
  // alone, each of its four scopes read every order of those weeks (2.9 ms for an estimate at 200 a day).
  {
    name: 'rm_prep_times_menu_waits_idx',
    table: PREP_TIMES_TABLE,
    columns: ['menu_id', 'placed_at'],
    where: 'wait_s is not null',
  },
  {
    name: 'rm_prep_times_area_waits_idx',
    table: PREP_TIMES_TABLE,
    columns: ['area', 'placed_at'],
    where: 'wait_s is not null',
  },
];

async function migrate(db: Knex): Promise<void> {
  await createTableIfAbsent(db, PREP_TIMES_TABLE, (t) => {
    t.string('order_id', 64).primary();
    t.string('menu_id', 64).notNullable();
    t.string('area', 8).notNullable();
    t.string('business_day', 10).notNullable();
    t.integer('hour').notNullable();
    t.string('status', 16).notNullable();
    t.string('type', 16).nullable();
    t.integer('sweetness').nullable();
    t.text('reject_reason').nullable();
    t.string('placed_at', 32).notNullable();
    t.string('started_at', 32).nullable();
    t.string('done_at', 32).nullable();
    t.integer('wait_s').nullable();
    t.integer('prep_s').nullable();
    t.integer('queue_ahead').notNullable();
    t.integer('active').notNullable();
    t.bigInteger('last_position').notNullable();
  });
  await dropIndexesIfPresent(db, [RETIRED_QUEUE_INDEX]);
  await createIndexesIfAbsent(db, [QUEUE_INDEX, ...INDEXES]);
}

// An hour-only formatter: the same ICU hour as businessHour at a sixth of the cost. Zone offsets are
// whole minutes, so one answer serves a whole UTC minute (a rebuild meets thousands of placements per minute).
const hourFormats = new Map<string, { format: Intl.DateTimeFormat; byMinute: Map<number, number> }>();
export function placementHour(at: Date, timeZone: string): number {
  let zone = hourFormats.get(timeZone);
  if (!zone) {
    zone = {
      format: new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit' }),
      byMinute: new Map(),
    };
    hourFormats.set(timeZone, zone);
  }
  const minute = Math.floor(at.getTime() / 60_000);
  let hour = zone.byMinute.get(minute);
  if (hour === undefined) {
    hour = Number(zone.format.format(at));
    if (zone.byMinute.size >= 10_000) zone.byMinute.clear();
    zone.byMinute.set(minute, hour);
  }
  return hour;
}

const seconds = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 1000);
const group = (day: string, area: string) => `${day}|${area}`;

function transition(e: StoredEvent, row: PrepTimeRow, at: string): Partial<PrepTimeRow> | null {
  switch (e.type) {
    case 'OrderStarted':
      return { status: 'in-progress', started_at: at };
    case 'OrderCompleted':
      return {
        status: 'done',
        done_at: at,
        active: 0,
        wait_s: seconds(row.placed_at, at),
        prep_s: row.started_at === null ? null : seconds(row.started_at, at),
      };
    case 'OrderRejected':
      return { status: 'rejected', reject_reason: e.data.reason, active: 0 };
    case 'OrderCancelled':
      return { status: 'cancel', active: 0 };
    case 'OrderPickedUp':
      return { status: 'picked', active: 0 };
    case 'OrderRecalled':
      // A recalled order counts once, with the wait of its final completion.
      return { status: e.data.to, active: 1, done_at: null, wait_s: null, prep_s: null, reject_reason: null };
    default:
      return null;
  }
}

/**
 * Folds the batch over the rows it touches and the queue lengths of its days,
 * so `queue_ahead` is what the queue held when each order was placed, in log order.
 */
async function applyBatch(
  events: readonly StoredEvent[],
  trx: Knex.Transaction,
  ctx: ProjectionContext,
): Promise<void> {
  const ids = new Set<string>();
  const days = new Set<string>();
  for (const e of events) {
    if ('orderId' in e.data) ids.add(e.data.orderId);
    if ('businessDay' in e.data) days.add(e.data.businessDay);
  }
  const rows = new Map<string, PrepTimeRow>();
  for (const r of await selectIn<PrepTimeRow>(trx, PREP_TIMES_TABLE, 'order_id', [...ids])) {
    rows.set(r.order_id, { ...r, last_position: Number(r.last_position), active: num(r.active) });
  }
  const queued = new Map<string, number>();
  const counts = (await trx(PREP_TIMES_TABLE)
    .select('business_day', 'area')
    .count({ n: '*' })
    // A literal, so SQLite sees that the partial index covers it.
    .whereRaw('active = 1')
    .whereIn('business_day', [...days])
    .groupBy('business_day', 'area')) as { business_day: string; area: string; n: unknown }[];
  for (const c of counts) queued.set(group(c.business_day, c.area), num(c.n));

  const dirty = new Set<string>();
  for (const e of events) {
    if (e.type === 'OrderPlaced') {
      const d = e.data;
      if (rows.has(d.orderId)) continue;
      const g = group(d.businessDay, d.categoryFor);
      const ahead = queued.get(g) ?? 0;
      queued.set(g, ahead + 1);
      const at = iso(e.occurredAt);
      rows.set(d.orderId, {
        order_id: d.orderId,
        menu_id: d.menuId,
        area: d.categoryFor,
        business_day: d.businessDay,
        hour: placementHour(new Date(at), ctx.timeZone),
        status: 'ordered',
        type: d.type,
        sweetness: d.sweetness,
        reject_reason: null,
        placed_at: at,
        started_at: null,
        done_at: null,
        wait_s: null,
        prep_s: null,
        queue_ahead: ahead,
        active: 1,
        last_position: e.position,
      });
      dirty.add(d.orderId);
      continue;
    }
    const row = 'orderId' in e.data ? rows.get(e.data.orderId) : undefined;
    if (!row || row.last_position >= e.position) continue;
    const change = transition(e, row, iso(e.occurredAt));
    if (!change) continue;
    const g = group(row.business_day, row.area);
    if (row.active === 1 && change.active === 0) queued.set(g, Math.max(0, (queued.get(g) ?? 1) - 1));
    if (row.active === 0 && change.active === 1) queued.set(g, (queued.get(g) ?? 0) + 1);
    Object.assign(row, change, { last_position: e.position });
    dirty.add(row.order_id);
  }
  await upsertRows(
    trx,
    PREP_TIMES_TABLE,
    'order_id',
    [...dirty].map((id) => rows.get(id)!),
  );
}

export const prepTimesProjection: Projection = {
  name: 'prep-times',
  handles: HANDLES,
  tables: [PREP_TIMES_TABLE],
  indexes: INDEXES,
  migrate,
  apply: (event, trx, ctx) => applyBatch([event], trx, ctx),
  applyBatch: (events, trx, ctx) => applyBatch(events, trx, ctx),
};

export interface WaitFilter {
  menuId?: string;
  area?: string;
  hour?: number;
  /** Orders placed at or after this instant (the route uses the last 4 weeks). */
  since: Date;
  until?: Date;
}

/** Completed orders matching the filter: how long each waited and how many were ahead of it. */
export async function waitSamples(db: Db, f: WaitFilter): Promise<WaitSample[]> {
  const q = db(PREP_TIMES_TABLE)
    .select('wait_s', 'queue_ahead')
    .whereNotNull('wait_s')
    .where('placed_at', '>=', f.since.toISOString());
  if (f.until) q.where('placed_at', '<', f.until.toISOString());
  if (f.menuId !== undefined) q.where('menu_id', f.menuId);
  if (f.area !== undefined) q.where('area', f.area);
  if (f.hour !== undefined) q.where('hour', f.hour);
  const rows = (await q) as { wait_s: unknown; queue_ahead: unknown }[];
  return rows.map((r) => ({ waitSeconds: num(r.wait_s), queueAhead: num(r.queue_ahead) }));
}

/** Median and 90th percentile of the placed-to-done wait, in minutes (one decimal). */
export async function waitStats(
  db: Db,
  f: WaitFilter,
): Promise<{ samples: number; medianMinutes: number | null; p90Minutes: number | null }> {
  const waits = (await waitSamples(db, f)).map((s) => s.waitSeconds).sort((a, b) => a - b);
  if (waits.length === 0) return { samples: 0, medianMinutes: null, p90Minutes: null };
  return {
    samples: waits.length,
    medianMinutes: toMinutes(quantile(waits, 0.5)),
    p90Minutes: toMinutes(quantile(waits, 0.9)),
  };
}

const FOUR_WEEKS_MS = 28 * 24 * 3600 * 1000;
type Scope = { scope: EstimateScope; filter: Omit<WaitFilter, 'since'> };

/** Minutes per order in the queue assumed before any order was completed (ESTIMATE_PRIOR_MINUTES). */
export const DEFAULT_PRIOR_MINUTES = 4;

/**
 * The wait range for an order still in the queue: the past 4 weeks' completed
 * orders of its menu at this hour, widened to its menu, then its area, until
 * there are PREFERRED_SAMPLES of them (the whole area needs only MIN_SAMPLES).
 * Below that, a wide first guess (scope `prior`): the first customer of the day gets a range too.
 */
export async function estimateForOrder(
  db: Db,
  order: Order,
  now: Date,
  timeZone: string,
  priorMinutesPerOrder = DEFAULT_PRIOR_MINUTES,
): Promise<EstimateResponse> {
  const since = new Date(now.getTime() - FOUR_WEEKS_MS);
  const hour = businessHour(now, timeZone);
  const area = order.menu.category.categoryFor;
  const scopes: Scope[] = [
    { scope: 'menu-hour', filter: { menuId: order.menu.id, hour } },
    { scope: 'menu', filter: { menuId: order.menu.id } },
    { scope: 'area-hour', filter: { area, hour } },
    { scope: 'area', filter: { area } },
  ];
  const last = scopes[scopes.length - 1];
  let samples: WaitSample[] = [];
  for (const s of scopes) {
    samples = await waitSamples(db, { ...s.filter, since });
    if (samples.length < (s === last ? MIN_SAMPLES : PREFERRED_SAMPLES)) continue;
    const estimate = order.queue_at === null ? null : estimateWait({ queueAhead: order.queue_at - 1, samples });
    return { estimate, basis: { samples: samples.length, scope: s.scope } };
  }
  const estimate =
    order.queue_at === null
      ? null
      : priorEstimate({ queueAhead: order.queue_at - 1, samples, defaultMinutesPerOrder: priorMinutesPerOrder });
  return { estimate, basis: { samples: samples.length, scope: 'prior' } };
}
