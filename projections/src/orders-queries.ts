import {
  ACTIVE_ORDER_STATUSES,
  Area,
  DrinkType,
  OrderStatus,
  VOID_ORDER_STATUSES,
  type Order,
  type ReadyOrder,
} from '@drinks/contracts';
import type { Knex } from 'knex';
import type { OrderRow } from './orders.js';
import { num } from './sql.js';

type Db = Knex | Knex.Transaction;
const TABLE = 'rm_orders';
type Row = OrderRow & { user_name: string | null };

/** Orders (`o`) beside their owner's current name (`u.name`): the builder's lists and WITH_PLACE share it. */
const WITH_OWNER = `${TABLE} as o left join rm_order_users as u on u.user_id = o.user_id`;
const orders = (db: Db) => db.select('o.*', 'u.name as user_name').from(db.raw(WITH_OWNER));

export interface ListOrdersOptions {
  userId?: string;
  statuses?: readonly OrderStatus[];
  /** Range on orderDate: [from, to). */
  from?: Date;
  to?: Date;
  sort: 'orderDate' | 'updatedAtDesc';
  /**
   * Also the orders placed before `from` that are still in one of these statuses: a queue does not drop
   * its orders at midnight (the board asks for today and must still see yesterday's leftovers).
   */
  carryOver?: readonly OrderStatus[];
  /** Also, of this user's orders placed before `from`, those still in one of these statuses. */
  carryOverOwn?: { userId: string; statuses: readonly OrderStatus[] };
  /** Only done orders completed before this instant (waiting too long to be picked up). */
  completedBefore?: Date;
  /** A page of the sorted list. */
  limit?: number;
  offset?: number;
}

function toOrder(row: Row, queueAt: number | null): Order {
  return {
    id: row.id,
    status: OrderStatus.parse(row.status),
    orderDate: row.order_date,
    updatedAt: row.updated_at,
    type: row.type === null ? null : DrinkType.parse(row.type),
    sweetness: row.sweetness === null ? null : Number(row.sweetness),
    remark: row.remark,
    reject_note: row.reject_note,
    tumblerImage: row.tumbler_image,
    user: { id: row.user_id, name: row.user_name ?? '' },
    menu: {
      id: row.menu_id,
      name: row.menu_name,
      category: { id: row.category_id, name: row.category_name, categoryFor: Area.parse(row.category_for) },
    },
    queue_at: queueAt,
  };
}

const isActive = (status: string) => (ACTIVE_ORDER_STATUSES as readonly string[]).includes(status);

/** Below this many active rows of one area a count each beats reading the whole queue. */
const COUNT_EACH_BELOW = 8;

/**
 * queue_at: 1 + the ordered/in-progress orders of the same area placed before it. An area has one
 * queue: orders left waiting from an earlier day stay at its front, so no two orders share a place (two
 * customers each told "It is your turn!"). A few rows count their place from the index; many rows of one
 * area read that queue once.
 */
async function withQueue(db: Db, rows: readonly Row[]): Promise<Order[]> {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    if (!isActive(r.status)) continue;
    const group = groups.get(r.category_for);
    if (group) group.push(r);
    else groups.set(r.category_for, [r]);
  }
  const places = new Map<string, number>();
  for (const [area, group] of groups) {
    const active = () => db(TABLE).where({ category_for: area }).whereIn('status', ACTIVE_ORDER_STATUSES);
    if (group.length < COUNT_EACH_BELOW) {
      for (const r of group) {
        const ahead = await active().where('placed_position', '<', r.placed_position).count({ n: '*' }).first();
        places.set(r.id, num(ahead?.n) + 1);
      }
      continue;
    }
    const queue = (await active().select('id').orderBy('placed_position', 'asc')) as { id: string }[];
    queue.forEach((q, i) => places.set(q.id, i + 1));
  }
  return rows.map((r) => toOrder(r, isActive(r.status) ? (places.get(r.id) ?? null) : null));
}

/**
 * Orders with their owner's name and, when waiting, their queue place counted from the index in the
 * same statement: one round trip for a read that is asked on every status screen and every command.
 * Written once as SQL: knex's builder compiled it anew on each call, ~10% of a my-queue request's CPU.
 */
const ACTIVE_MARKS = ACTIVE_ORDER_STATUSES.map(() => '?').join(', ');
const AHEAD =
  `case when o.status in (${ACTIVE_MARKS}) then (select count(*) from ${TABLE} as q` +
  ` where q.category_for = o.category_for` +
  ` and q.status in (${ACTIVE_MARKS}) and q.placed_position < o.placed_position) end as ahead`;
const WITH_PLACE = `select o.*, u.name as user_name, ${AHEAD} from ${WITH_OWNER}`;

async function withPlace(db: Db, where: string, bindings: readonly Knex.RawBinding[]): Promise<PlacedRow[]> {
  const result = (await db.raw(`${WITH_PLACE} ${where}`, [
    ...ACTIVE_ORDER_STATUSES,
    ...ACTIVE_ORDER_STATUSES,
    ...bindings,
  ])) as PlacedRow[] | { rows: PlacedRow[] };
  // better-sqlite3 answers a raw query with its rows, pg with a result holding them.
  return Array.isArray(result) ? result : result.rows;
}
type PlacedRow = Row & { ahead: number | string | null };
const placedOrder = (r: PlacedRow) => toOrder(r, r.ahead === null ? null : num(r.ahead) + 1);

/** An order's row as the projection's fold shapes it, shown as an Order (`queue_at` left to the caller). */
export function orderOfRow(row: OrderRow, userName: string, queueAt: number | null = null): Order {
  return toOrder({ ...row, user_name: userName }, queueAt);
}

/** The stored row of an order, with its owner's current name. */
export async function getOrderRow(db: Db, id: string): Promise<(OrderRow & { user_name: string | null }) | null> {
  const row = (await orders(db).where('o.id', id).first()) as Row | undefined;
  return row
    ? { ...row, placed_position: Number(row.placed_position), last_position: Number(row.last_position) }
    : null;
}

export async function getOrder(db: Db, id: string): Promise<Order | null> {
  const [row] = await withPlace(db, 'where o.id = ? limit 1', [id]);
  return row ? placedOrder(row) : null;
}

export async function listOrders(db: Db, options: ListOrdersOptions): Promise<Order[]> {
  const q = orders(db);
  const { userId } = options;
  const from = options.from?.toISOString();
  const carried = options.carryOver ?? [];
  const own = options.carryOverOwn;
  const alternatives = from !== undefined && (carried.length > 0 || own !== undefined);
  if (userId !== undefined && !alternatives) q.where('o.user_id', userId);
  if (options.statuses && options.statuses.length > 0) q.whereIn('o.status', options.statuses);
  if (from !== undefined && !alternatives) q.where('o.order_date', '>=', from);
  if (from !== undefined && alternatives) {
    // The ids of each alternative, joined: each is served by an index of its own. Written as one OR, SQLite
    // (without statistics) served it by walking every order the user ever placed, or every order of a status.
    const ids = (sub: Knex.QueryBuilder, user = userId) => {
      sub.select('id').from(TABLE);
      return user === undefined ? sub : sub.where('user_id', user);
    };
    // A user's own list takes their own carry-over with the carried statuses (another user's can never match).
    const kept = own && userId !== undefined && userId === own.userId ? [...carried, ...own.statuses] : carried;
    q.whereIn('o.id', (sub) => {
      ids(sub).where('order_date', '>=', from);
      if (kept.length > 0) sub.unionAll((t) => ids(t).whereIn('status', kept));
      if (own && userId === undefined) sub.unionAll((t) => ids(t, own.userId).whereIn('status', own.statuses));
    });
  }
  if (options.completedBefore)
    q.where('o.status', 'done').where('o.completed_at', '<', options.completedBefore.toISOString());
  if (options.to) q.where('o.order_date', '<', options.to.toISOString());
  if (options.sort === 'orderDate') q.orderBy([{ column: 'o.order_date' }, { column: 'o.placed_position' }]);
  else
    q.orderBy([
      { column: 'o.updated_at', order: 'desc' },
      { column: 'o.placed_position', order: 'desc' },
    ]);
  if (options.limit !== undefined) q.limit(options.limit);
  if (options.offset) q.offset(options.offset);
  if (userId === undefined) return withQueue(db, (await q) as Row[]);
  // One user's list holds few waiting orders: each counts its place in the same statement (the status page's
  // list asked one more query per waiting order).
  const rows = (await q.select(db.raw(AHEAD, [...ACTIVE_ORDER_STATUSES, ...ACTIVE_ORDER_STATUSES]))) as PlacedRow[];
  return rows.map(placedOrder);
}

/** Which of these photo URLs some order (of any day or status) carries. */
export async function imagesInUse(db: Db, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const used = (await db(TABLE).whereIn('tumbler_image', urls).distinct().pluck('tumbler_image')) as string[];
  return new Set(used);
}

/** The user's orders of that business day that count towards the daily limit. */
export async function countActiveOrdersOfDay(db: Db, userId: string, day: string): Promise<number> {
  const row = await db(TABLE)
    .count({ n: '*' })
    .where({ user_id: userId, business_day: day })
    .whereNotIn('status', VOID_ORDER_STATUSES)
    .first();
  return num(row?.n);
}

/** The user's ordered and in-progress orders, in the order they were placed. */
export async function myQueue(db: Db, userId: string): Promise<Order[]> {
  const rows = await withPlace(db, `where o.user_id = ? and o.status in (${ACTIVE_MARKS}) order by o.placed_position`, [
    userId,
    ...ACTIVE_ORDER_STATUSES,
  ]);
  return rows.map(placedOrder);
}

/**
 * The place an order takes in its area's queue now, counted as if it were waiting, whatever its status:
 * for a live message telling that it waited or was in progress after it left the queue. Null if unknown.
 */
export async function queuePlaceOf(db: Db, id: string): Promise<number | null> {
  const row = (await db(`${TABLE} as o`)
    .where('o.id', id)
    .first(
      db.raw(
        `(select count(*) from ${TABLE} as q where q.category_for = o.category_for` +
          ` and q.status in (${ACTIVE_MARKS}) and q.placed_position < o.placed_position) as ahead`,
        [...ACTIVE_ORDER_STATUSES],
      ),
    )) as { ahead: number | string } | undefined;
  return row ? num(row.ahead) + 1 : null;
}

/** The ordered and in-progress orders of one area, in queue order (an earlier day's leftovers first). */
export async function queueOf(db: Db, area: Order['menu']['category']['categoryFor']): Promise<Order[]> {
  const rows = (await orders(db)
    .where({ 'o.category_for': area })
    .whereIn('o.status', ACTIVE_ORDER_STATUSES)
    .orderBy('o.placed_position', 'asc')) as Row[];
  // The rows are that queue, in its order.
  return rows.map((r, i) => toOrder(r, i + 1));
}

/** The pick-up screen: orders done since `since` and not picked up yet, first ready first. */
export async function readyOrders(db: Db, since: Date): Promise<ReadyOrder[]> {
  const rows = (await db(`${TABLE} as o`)
    .leftJoin('rm_order_users as u', 'u.user_id', 'o.user_id')
    .select('o.id', 'u.name', 'o.menu_name', 'o.type', 'o.completed_at')
    .where('o.status', 'done')
    .where('o.completed_at', '>=', since.toISOString())
    .orderBy([{ column: 'o.completed_at' }, { column: 'o.placed_position' }])) as {
    id: string;
    name: string | null;
    menu_name: string;
    type: string | null;
    completed_at: string;
  }[];
  return rows.map((r) => ({
    id: r.id,
    firstName: (r.name ?? '').trim().split(/\s+/)[0] ?? '',
    menuName: r.menu_name,
    type: r.type === null ? null : DrinkType.parse(r.type),
    readyAt: r.completed_at,
  }));
}

/** Business days that still have ordered or in-progress orders, oldest first. */
export async function daysWithWaitingOrders(db: Db): Promise<string[]> {
  const rows = (await db(TABLE)
    .distinct('business_day')
    .whereIn('status', ACTIVE_ORDER_STATUSES)
    .orderBy('business_day')) as { business_day: string }[];
  return rows.map((r) => r.business_day);
}
