import { randomUUID } from 'node:crypto';
import Router, { type RouterContext } from '@koa/router';
import {
  ACTIVE_ORDER_STATUSES,
  BaristaOrderPatch,
  OrderQuery,
  OwnerOrderPatch,
  PlaceOrderBody,
  StatsQuery,
  SummaryQuery,
  addDays,
  businessDay,
  parseDateParam,
  type EventMetadata,
  type StoredEvent,
  type User,
} from '@drinks/contracts';
import {
  countActiveOrdersOfDay,
  evolveOrderRow,
  getOrder,
  getOrderRow,
  listOrders,
  myQueue,
  orderOfRow,
  popularMenus,
  summary,
  totalOrders,
  type OrderRow,
} from '@drinks/projections';
import {
  cancelOrder,
  completeOrder,
  handOverOrder,
  pickUpOrder,
  placeOrder,
  recallOrder,
  rejectOrder,
  startOrder,
  type OrderTransitionInput,
} from '../../domain/index.js';
import { orderEvents } from '../../domain/queries.js';
import { AppError, NotFoundError, NotYours, ValidationError } from '../../errors.js';
import type { AppendResult } from '../../store/types.js';
import type { AppDeps } from '../deps.js';
import { type AppState, currentUser, isStaff, signedIn, staffOnly } from '../middleware/auth.js';
import { linkNextPage } from '../pagination.js';
import { parse, pathParam } from '../parse.js';
import { commandMetadata } from './command-metadata.js';
import { distanceMetres } from './geo.js';
import { officeCheck, strictAccounts } from '../../config.js';

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the order routes use of the app's ports. */
export type OrderRouteDeps = Pick<AppDeps, 'clock' | 'config' | 'db' | 'images' | 'store' | 'waitFor'>;

export function orderRoutes(deps: OrderRouteDeps) {
  const router = new Router<AppState>({ prefix: '/api' });
  const knex = deps.db.knex;
  const tz = deps.config.BUSINESS_TZ;
  const office = officeCheck(deps.config);

  function range(q: { startDate?: string | undefined; endDate?: string | undefined }) {
    // The spec's board asks for "today" as startDate = endDate = today: an empty [d, d) would be
    // useless, so the same bare date twice means that whole business day.
    const endDate =
      q.endDate && q.endDate === q.startDate && BARE_DATE.test(q.endDate) ? addDays(q.endDate, 1) : q.endDate;
    const from = q.startDate ? parseDateParam(q.startDate, tz) : undefined;
    const to = endDate ? parseDateParam(endDate, tz) : undefined;
    // An end before the start is a mistake of the caller's (the dates swapped), not a range with nothing in it.
    if (from && to && to < from) {
      const detail = 'endDate must not be before startDate.';
      throw new ValidationError(detail, [{ path: 'endDate', message: detail }]);
    }
    return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  }
  function statuses(q: OrderQuery) {
    return q.status === undefined ? {} : { statuses: Array.isArray(q.status) ? q.status : [q.status] };
  }
  /** Another user's order is reported as missing, never as forbidden. */
  function ensureVisible(user: User, ownerId: string | undefined): void {
    if (ownerId === undefined) throw new NotFoundError('Order not found.');
    if (!isStaff(user) && ownerId !== user.id) throw new NotYours('Order not found.');
  }
  /**
   * The order after the command, once the read models hold it (so the caller's queue, count and
   * history show it too). Should they still lag after the bounded wait, the answer is the
   * projection's own fold of the order's events as the log holds them, without a queue place.
   */
  async function answer(result: { lastPosition: number; events: readonly StoredEvent[] }, id: string) {
    await deps.waitFor(result.lastPosition);
    const order = await getOrder(knex, id);
    const last = result.events.at(-1);
    if (order && (!last || order.updatedAt >= last.occurredAt)) return order;
    const stored = await getOrderRow(knex, id);
    const { events } = await deps.store.read([orderEvents(id)]);
    const row = events.reduce<OrderRow | null>(evolveOrderRow, null);
    if (!row) throw new NotFoundError('Order not found.');
    const placed = events.find((e) => e.type === 'OrderPlaced');
    return orderOfRow(row, stored?.user_name ?? (placed?.type === 'OrderPlaced' ? placed.data.userName : ''));
  }

  router.post('/order', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    if (!user.emailVerified && strictAccounts(deps.config)) throw new AppError(403, 'EMAIL_NOT_VERIFIED');
    const body = parse(PlaceOrderBody, ctx.request.body);
    let atOffice: boolean | null = null;
    if (office) {
      atOffice = body.location ? distanceMetres(body.location, office) <= office.radiusM : false;
    }
    const orderId = randomUUID();
    const result = await placeOrder(
      deps.store,
      {
        orderId,
        userId: user.id,
        menuId: body.menu_id,
        drink: {
          type: body.type ?? null,
          sweetness: body.sweetness ?? null,
          remark: body.remark,
          tumblerImage: body.tumblerImage ?? null,
        },
        // Cafe orders carry a photo returned by /upload/image; the decider knows which menus are cafe.
        tumblerImageUploaded: body.tumblerImage ? await deps.images.exists(body.tumblerImage) : false,
        atOffice,
        now: deps.clock(),
        timeZone: tz,
      },
      commandMetadata(ctx),
    );
    ctx.status = 201;
    ctx.body = await answer(result, result.orderId ?? orderId);
  });

  /** A user sees its own orders; staff see everyone's. */
  function listFor(ctx: RouterContext<AppState>, sort: 'orderDate' | 'updatedAtDesc') {
    const user = currentUser(ctx);
    const q = parse(OrderQuery, ctx.query, 'query');
    const r = range(q);
    // The spec's "today" (startDate = endDate = today) also lists earlier days' orders someone still has to
    // act on, so none is left where no screen serves it: the queue's for the board, and for their owner also
    // a finished drink not yet picked up (the board's counter would otherwise collect every one never
    // tapped), a staff member's own included: an admin's order finished after midnight has only its
    // owner's Pick Up. Any other range is exactly [startDate, endDate).
    const today = businessDay(deps.clock(), tz);
    const carrying = sort === 'orderDate' && q.startDate === today && q.endDate === today;
    return listOrders(knex, {
      ...(isStaff(user) ? {} : { userId: user.id }),
      ...statuses(q),
      ...r,
      sort,
      carryOver: carrying ? ACTIVE_ORDER_STATUSES : [],
      ...(carrying ? { carryOverOwn: { userId: user.id, statuses: ['done' as const] } } : {}),
      limit: q.limit,
      offset: q.offset,
    }).then((orders) => {
      linkNextPage(ctx, q, orders.length);
      return orders;
    });
  }

  router.get('/order', signedIn, async (ctx) => {
    ctx.body = await listFor(ctx, 'orderDate');
  });

  router.get('/order/count/user', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    ctx.body = { totalOrder: await countActiveOrdersOfDay(knex, user.id, businessDay(deps.clock(), tz)) };
  });

  router.get('/order/my-queue', signedIn, async (ctx) => {
    ctx.body = await myQueue(knex, currentUser(ctx).id);
  });

  router.get('/order/count/total', staffOnly, async (ctx) => {
    const q = parse(StatsQuery, ctx.query, 'query');
    ctx.body = {
      totalOrder: await totalOrders(knex, { ...range(q), ...(q.categoryFor ? { categoryFor: q.categoryFor } : {}) }),
    };
  });

  router.get('/order/find/popular-menu', staffOnly, async (ctx) => {
    const q = parse(StatsQuery, ctx.query, 'query');
    ctx.body = await popularMenus(knex, { ...range(q), ...(q.categoryFor ? { categoryFor: q.categoryFor } : {}) });
  });

  router.get('/order/summary', staffOnly, async (ctx) => {
    const q = parse(SummaryQuery, ctx.query, 'query');
    const day = q.date ? businessDay(parseDateParam(q.date, tz), tz) : businessDay(deps.clock(), tz);
    ctx.body = await summary(knex, day);
  });

  router.get('/order/history/user', signedIn, async (ctx) => {
    ctx.body = await listFor(ctx, 'updatedAtDesc');
  });

  /** Runs a transition on a visible order and answers with the order after it. */
  async function transition(
    ctx: RouterContext<AppState>,
    run: (input: OrderTransitionInput, meta: EventMetadata) => Promise<AppendResult>,
  ) {
    const user = currentUser(ctx);
    const orderId = pathParam(ctx);
    // Whose it is, the decision tells from the order's own events: another user's order is missing there too.
    const result = await run({ orderId, actor: { id: user.id, role: user.role } }, commandMetadata(ctx));
    return answer(result, orderId);
  }

  router.patch('/order/barista/:id', staffOnly, async (ctx) => {
    const body = parse(BaristaOrderPatch, ctx.request.body);
    ctx.body = await transition(ctx, (input, meta) => {
      switch (body.status) {
        case 'in-progress':
          return startOrder(deps.store, input, meta);
        case 'done':
          return completeOrder(deps.store, input, meta);
        case 'picked':
          return handOverOrder(deps.store, input, meta);
        case 'rejected':
          // The API's reject_note is the domain's reason from here inward (RejectOrder, OrderRejected).
          return rejectOrder(deps.store, { ...input, reason: body.reject_note }, meta);
      }
    });
  });

  router.post('/order/barista/:id/recall', staffOnly, async (ctx) => {
    const windowSeconds = deps.config.RECALL_WINDOW_SECONDS;
    ctx.body = await transition(ctx, (input, meta) =>
      recallOrder(deps.store, { ...input, now: deps.clock(), windowSeconds }, meta),
    );
  });

  /** Done orders nobody has picked up for UNCLAIMED_AFTER_MINUTES, oldest first: staff hand them over. */
  router.get('/order/unclaimed', staffOnly, async (ctx) => {
    const before = new Date(deps.clock().getTime() - deps.config.UNCLAIMED_AFTER_MINUTES * 60_000);
    ctx.body = await listOrders(knex, { completedBefore: before, sort: 'orderDate' });
  });

  router.get('/order/:id', signedIn, async (ctx) => {
    const order = await getOrder(knex, pathParam(ctx));
    ensureVisible(currentUser(ctx), order?.user.id);
    ctx.body = order;
  });

  router.patch('/order/:id', signedIn, async (ctx) => {
    const body = parse(OwnerOrderPatch, ctx.request.body);
    ctx.body = await transition(ctx, (input, meta) =>
      body.status === 'cancel' ? cancelOrder(deps.store, input, meta) : pickUpOrder(deps.store, input, meta),
    );
  });

  return router;
}
