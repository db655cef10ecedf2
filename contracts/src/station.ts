import { z } from 'zod';
import { DrinkType } from './shapes.js';

// The barista station beyond the spec: the public pick-up screen and its view keys.

/** What the pick-up screen shows of a done order, and nothing more of its owner. */
export const ReadyOrder = z.object({
  id: z.string(),
  firstName: z.string(),
  menuName: z.string(),
  type: DrinkType.nullable(),
  readyAt: z.string(),
});
export type ReadyOrder = z.infer<typeof ReadyOrder>;
export const ReadyOrders = z.array(ReadyOrder);

/** `?key=` on the pick-up page and its API: a view key an admin created. */
export const PickupScreenQuery = z.object({ key: z.string().min(1).max(200).optional() });

/** The key is shown once, on creation; only its hash is kept. */
export const PickupScreenKeyCreated = z.object({ id: z.string(), key: z.string(), url: z.string() });
export type PickupScreenKeyCreated = z.infer<typeof PickupScreenKeyCreated>;
export const PickupScreenKey = z.object({
  id: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type PickupScreenKey = z.infer<typeof PickupScreenKey>;
