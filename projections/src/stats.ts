import { Area, OrderStatus, VOID_ORDER_STATUSES, type OrderSummary, type PopularMenuRow } from '@drinks/contracts';
import type { Knex } from 'knex';
import { currentMenuNames } from './catalog.js';
import { ORDERS_TABLE } from './orders.js';
import { num } from './sql.js';

// Statistics read rm_orders (owned by the orders projection): one source of truth,
// rebuilt together with the orders; the ranking names menus as the catalog calls them now.

type Db = Knex | Knex.Transaction;

export interface StatsFilter {
  /** Range on the order's placement instant: [from, to). */
  from?: Date;
  to?: Date;
  categoryFor?: Area;
}

/** Orders placed in the range that count: every status but cancel and rejected. */
function counted(db: Db, f: StatsFilter): Knex.QueryBuilder {
  const q = db(ORDERS_TABLE).whereNotIn('status', VOID_ORDER_STATUSES);
  if (f.from) q.where('order_date', '>=', f.from.toISOString());
  if (f.to) q.where('order_date', '<', f.to.toISOString());
  if (f.categoryFor) q.where('category_for', f.categoryFor);
  return q;
}

/**
 * Most ordered first, ties by menu name. Each menu under its current name and category's name, orders
 * placed under an earlier name counted with it (a row took the names of the menu's latest order in the
 * range, so one list showed a renamed category under both names); a menu unknown to the catalog keeps
 * its latest counted order's.
 */
export async function popularMenus(db: Db, filter: StatsFilter = {}): Promise<PopularMenuRow[]> {
  const counts = (await counted(db, filter)
    .select('menu_id', 'category_for')
    .count({ n: '*' })
    .max({ last: 'placed_position' })
    .groupBy('menu_id', 'category_for')) as { menu_id: string; category_for: string; n: unknown; last: unknown }[];
  if (counts.length === 0) return [];
  const names = new Map<number, { menu_name: string; category_name: string; category_for: string }>();
  const lasts = counts.map((c) => Number(c.last));
  for (let i = 0; i < lasts.length; i += 5_000) {
    const rows = (await counted(db, filter)
      .select('placed_position', 'menu_name', 'category_name', 'category_for')
      .whereIn('placed_position', lasts.slice(i, i + 5_000))) as {
      placed_position: unknown;
      menu_name: string;
      category_name: string;
      category_for: string;
    }[];
    for (const r of rows) names.set(Number(r.placed_position), r);
  }
  const current = await currentMenuNames(
    db,
    counts.map((c) => c.menu_id),
  );
  return counts
    .map((c) => {
      const n = names.get(Number(c.last))!;
      const now = current.get(c.menu_id);
      // A menu moved to a category of the other area has a row per area: its category's name now only
      // where that category serves the row's area, the name its orders there carried otherwise.
      const sameArea = now?.categoryFor === n.category_for;
      return {
        Menu_name: now?.menuName ?? n.menu_name,
        categoryName: (sameArea ? now.categoryName : null) ?? n.category_name,
        categoryFor: Area.parse(n.category_for),
        totalOrder: num(c.n),
      };
    })
    .sort((a, b) => b.totalOrder - a.totalOrder || a.Menu_name.localeCompare(b.Menu_name));
}

export async function totalOrders(db: Db, filter: StatsFilter = {}): Promise<number> {
  const row = (await counted(db, filter).count({ n: '*' }).first()) as { n: unknown } | undefined;
  return num(row?.n);
}

/** Orders of one business day by status; total counts all of them, counted those not cancel or rejected. */
export async function summary(db: Db, day: string): Promise<OrderSummary> {
  const rows = (await db(ORDERS_TABLE)
    .select('status')
    .count({ n: '*' })
    .where('business_day', day)
    .groupBy('status')) as { status: string; n: unknown }[];
  const byStatus = Object.fromEntries(OrderStatus.options.map((s) => [s, 0])) as OrderSummary['byStatus'];
  let total = 0;
  for (const r of rows) {
    const status = OrderStatus.parse(r.status);
    byStatus[status] = num(r.n);
    total += num(r.n);
  }
  const counted = total - VOID_ORDER_STATUSES.reduce((n, s) => n + byStatus[s], 0);
  return { total, counted, byStatus };
}
