import Router from '@koa/router';
import {
  addDays,
  AuditQuery,
  businessDay,
  parseDateParam,
  ServiceStatsQuery,
  startOfBusinessDay,
  type EventType,
  type Menu,
  type Order,
  type TimelineEntry,
  type User,
} from '@drinks/contracts';
import { estimateForOrder, getOrder, getTimeline, listAudit, listCategories, serviceStats } from '@drinks/projections';
import { NotFoundError, NotYours } from '../../errors.js';
import type { AppDeps } from '../deps.js';
import { type AppState, adminOnly, currentUser, isStaff, signedIn } from '../middleware/auth.js';
import { parse, pathParam } from '../parse.js';

const MAX_ALTERNATIVES = 5;
/** The dashboard's default period: the last 4 weeks, today included. */
const DEFAULT_DAYS = 28;

/** What the insight routes use of the app's ports. */
export type InsightRouteDeps = Pick<AppDeps, 'clock' | 'config' | 'db'>;

/** What the event log makes possible: timelines, wait estimates, alternatives, the service dashboard, the audit log. */
export function insightRoutes(deps: InsightRouteDeps) {
  const router = new Router<AppState>({ prefix: '/api' });
  const knex = deps.db.knex;
  const tz = deps.config.BUSINESS_TZ;

  /** Same rule as GET /order/{id}: another user's order is reported as missing, never as forbidden. */
  async function visibleOrder(user: User, id: string): Promise<Order> {
    const order = await getOrder(knex, id);
    if (!order) throw new NotFoundError('Order not found.');
    if (!isStaff(user) && order.user.id !== user.id) throw new NotYours('Order not found.');
    return order;
  }

  router.get('/order/:id/timeline', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const order = await visibleOrder(user, pathParam(ctx));
    const timeline = await getTimeline(knex, order.id);
    ctx.body = isStaff(user) ? timeline : timeline.map((e) => ({ ...e, by: asSeenByCustomer(e.by, user.id) }));
  });

  router.get('/order/:id/estimate', signedIn, async (ctx) => {
    const order = await visibleOrder(currentUser(ctx), pathParam(ctx));
    ctx.body = await estimateForOrder(knex, order, deps.clock(), tz, deps.config.ESTIMATE_PRIOR_MINUTES);
  });

  router.get('/order/:id/alternatives', signedIn, async (ctx) => {
    const order = await visibleOrder(currentUser(ctx), pathParam(ctx));
    const area = order.menu.category.categoryFor;
    const categories = (await listCategories(knex)).filter(
      (c) => c.categoryFor === area && c.isAvailable === 'available',
    );
    // The order's own category first: the likeliest swap for what ran out.
    categories.sort((a, b) => Number(b.id === order.menu.category.id) - Number(a.id === order.menu.category.id));
    const menus: Menu[] = categories
      .flatMap((c) => c.menu)
      .filter((m) => m.id !== order.menu.id && m.isActive === 'active' && m.isAvailable === 'available');
    ctx.body = menus.slice(0, MAX_ALTERNATIVES);
  });

  router.get('/stats/service', adminOnly, async (ctx) => {
    const q = parse(ServiceStatsQuery, ctx.query, 'query');
    const today = businessDay(deps.clock(), tz);
    const from = q.startDate
      ? parseDateParam(q.startDate, tz)
      : startOfBusinessDay(addDays(today, 1 - DEFAULT_DAYS), tz);
    const to = q.endDate ? parseDateParam(q.endDate, tz) : startOfBusinessDay(addDays(today, 1), tz);
    ctx.body = await serviceStats(knex, { from, to });
  });

  router.get('/audit', adminOnly, async (ctx) => {
    const q = parse(AuditQuery, ctx.query, 'query');
    ctx.body = await listAudit(knex, {
      limit: q.limit,
      ...(q.type ? { types: q.type as EventType[] } : {}),
      ...(q.actor ? { actorId: q.actor } : {}),
      ...(q.entity ? { entity: q.entity } : {}),
      ...(q.startDate ? { from: parseDateParam(q.startDate, tz) } : {}),
      ...(q.endDate ? { to: parseDateParam(q.endDate, tz) } : {}),
      ...(q.before !== undefined ? { before: q.before } : {}),
    });
  });

  return router;
}

/** A customer sees itself as it is and anyone else (staff) by first name only, never by id. */
function asSeenByCustomer(by: TimelineEntry['by'], ownId: string): TimelineEntry['by'] {
  if (!by || by.id === ownId) return by;
  return { id: null, name: by.name?.trim().split(/\s+/)[0] ?? null };
}
