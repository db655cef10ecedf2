import { z } from 'zod';
import { EVENT_TYPES } from './events.js';
import { DateParam } from './http.js';
import { DrinkType, Menu } from './shapes.js';

// What the event log makes possible: order timelines, wait estimates, the
// service dashboard, alternatives for a rejected order and the admin audit log.

export const TimelineKind = z.enum(['placed', 'started', 'completed', 'rejected', 'cancelled', 'picked', 'recalled']);
export type TimelineKind = z.infer<typeof TimelineKind>;

/** Who did it: the actor's user id and current name (null when the user is unknown). */
export const Actor = z.object({ id: z.string(), name: z.string().nullable() });
export type Actor = z.infer<typeof Actor>;

export const TimelineEntry = z.object({
  kind: TimelineKind,
  at: z.string(),
  by: Actor.nullable(),
  reason: z.string().nullable(),
  /** Minutes (one decimal) since the previous entry; null for the first. */
  minutesSincePrevious: z.number().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;
export const OrderTimeline = z.array(TimelineEntry);

export const WaitEstimate = z.object({ lowMinutes: z.number().int(), highMinutes: z.number().int() });
export type WaitEstimate = z.infer<typeof WaitEstimate>;

/** Which past orders the estimate rests on, narrowest first. */
export const EstimateScope = z.enum(['menu-hour', 'menu', 'area-hour', 'area']);
export type EstimateScope = z.infer<typeof EstimateScope>;

export const EstimateResponse = z.object({
  /** Minutes from now until the order is done; null when the data is too thin or the order left the queue. */
  estimate: WaitEstimate.nullable(),
  basis: z.object({ samples: z.number().int(), scope: EstimateScope.nullable() }),
});
export type EstimateResponse = z.infer<typeof EstimateResponse>;

export const ServiceStatsQuery = z.object({ startDate: DateParam.optional(), endDate: DateParam.optional() });
export type ServiceStatsQuery = z.infer<typeof ServiceStatsQuery>;

const WaitBucket = { medianMinutes: z.number(), p90Minutes: z.number(), orders: z.number().int() };
export const ServiceStats = z.object({
  /** Placed-to-done waits of the completed orders, by business day of placement. */
  waitByDay: z.array(z.object({ day: z.string(), ...WaitBucket })),
  /** The same by business hour of placement (0–23). */
  waitByHour: z.array(z.object({ hour: z.number().int(), ...WaitBucket })),
  rejectionReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  cancellations: z.number().int(),
  /** Counted orders (not cancel or rejected) by hour of placement, busiest first. */
  busiestHours: z.array(z.object({ hour: z.number().int(), orders: z.number().int() })),
  typeMix: z.array(z.object({ type: DrinkType, count: z.number().int() })),
  sweetnessMix: z.array(z.object({ sweetness: z.number(), count: z.number().int() })),
});
export type ServiceStats = z.infer<typeof ServiceStats>;

/** Active, available menus of the order's area, same category first (at most 5). */
export const AlternativesResponse = z.array(Menu);

const AuditType = z.string().refine((s) => (EVENT_TYPES as string[]).includes(s), 'Unknown event type');
export const AuditQuery = z.object({
  /** One event type or several, comma-separated. */
  type: z
    .string()
    .max(1000)
    .transform((s) =>
      s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .pipe(z.array(AuditType))
    .optional(),
  actor: z.string().min(1).max(64).optional(),
  /** An entity tag: `order:<id>`, `user:<id>`, `menu:<id>`, `category:<id>` or `shop`. */
  entity: z.string().min(1).max(100).optional(),
  startDate: DateParam.optional(),
  endDate: DateParam.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Cursor: only events at positions below it (the previous page's `nextBefore`). */
  before: z.coerce.number().int().min(1).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditItem = z.object({
  position: z.number().int(),
  at: z.string(),
  type: z.string(),
  actor: Actor.nullable(),
  summary: z.string(),
  entities: z.array(z.string()),
});
export type AuditItem = z.infer<typeof AuditItem>;
export const AuditPage = z.object({ items: z.array(AuditItem), nextBefore: z.number().int().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;
