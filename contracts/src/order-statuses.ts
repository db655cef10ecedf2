// Kept apart from shapes.ts: a module without zod schemas, so that the web app's first screens can read these
// lists without loading zod (a schema module's top-level calls are never tree-shaken away).
import type { OrderStatus } from './shapes.js';

/** Statuses that still occupy the queue and block a shop status change. */
export const ACTIVE_ORDER_STATUSES: readonly OrderStatus[] = ['ordered', 'in-progress'];
/** Statuses that do not count towards the daily limit, popularity or totals. */
export const VOID_ORDER_STATUSES: readonly OrderStatus[] = ['cancel', 'rejected'];
