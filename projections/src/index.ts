import { catalogProjection } from './catalog.js';
import { ordersProjection } from './orders.js';
import type { Projection } from './projection.js';
import { shopProjection } from './shop.js';
import { usersProjection } from './users.js';
import { prepTimesProjection } from './prep-times.js';
import { auditProjection } from './audit.js';

export type { Projection, ProjectionContext } from './projection.js';
export { chunk, dropIndexesIfPresent, upsertRows } from './sql.js';
export {
  ordersProjection,
  evolveOrderRow,
  getOrder,
  getOrderRow,
  orderOfRow,
  listOrders,
  countActiveOrdersOfDay,
  myQueue,
  queueOf,
  queuePlaceOf,
  readyOrders,
  daysWithWaitingOrders,
  imagesInUse,
} from './orders.js';
export type { ListOrdersOptions, OrderRow } from './orders.js';
export { popularMenus, totalOrders, summary } from './stats.js';
export type { StatsFilter } from './stats.js';
export { catalogProjection, listCategories, getCategory, getMenu } from './catalog.js';
export { usersProjection, getUser, listUsers, findUserByMailbox } from './users.js';
export { shopProjection, getShopStatus } from './shop.js';
export { getTimeline } from './timeline.js';
export {
  prepTimesProjection,
  waitSamples,
  waitStats,
  estimateForOrder,
  estimateWait,
  MIN_SAMPLES,
} from './prep-times.js';
export type { WaitFilter, WaitSample } from './prep-times.js';
export { serviceStats } from './service-stats.js';
export type { ServiceStatsFilter } from './service-stats.js';
export { auditProjection, describeEvent, MAX_AUDIT_PAGE } from './audit.js';
export { listAudit } from './audit-queries.js';
export type { AuditFilter } from './audit-queries.js';

export const ALL_PROJECTIONS: readonly Projection[] = [
  ordersProjection,
  catalogProjection,
  usersProjection,
  shopProjection,
  prepTimesProjection,
  auditProjection,
];
