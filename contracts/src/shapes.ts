import { z } from 'zod';

export const Role = z.enum(['user', 'barista', 'admin']);
export type Role = z.infer<typeof Role>;
export const STAFF_ROLES: readonly Role[] = ['barista', 'admin'];

export const OrderStatus = z.enum(['ordered', 'in-progress', 'done', 'picked', 'rejected', 'cancel']);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const DrinkType = z.enum(['hot', 'cold', 'frappe']);
export type DrinkType = z.infer<typeof DrinkType>;

export const SWEETNESS_VALUES = [0, 10, 25, 50, 75, 100, 125, 150, 200] as const;
export const Sweetness = z
  .number()
  .refine((n) => (SWEETNESS_VALUES as readonly number[]).includes(n), {
    message: `Sweetness must be one of ${SWEETNESS_VALUES.join(', ')}`,
  })
  .meta({ enum: [...SWEETNESS_VALUES] });

export const Area = z.enum(['cafe', 'bar']);
export type Area = z.infer<typeof Area>;
export const Availability = z.enum(['available', 'unavailable']);
export type Availability = z.infer<typeof Availability>;
export const ActiveState = z.enum(['active', 'inactive']);
export type ActiveState = z.infer<typeof ActiveState>;

export const Id = z.string().min(1).max(64);

export const User = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: Role,
  isAvailable: z.boolean(),
  /** False until the owner opens the link mailed at registration; such an account cannot order. */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof User>;

export const Menu = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category_id: z.string(),
  isActive: ActiveState,
  isAvailable: Availability,
});
export type Menu = z.infer<typeof Menu>;

export const Category = z.object({
  id: z.string(),
  name: z.string(),
  categoryFor: Area,
  isAvailable: Availability,
  menu: z.array(Menu),
});
export type Category = z.infer<typeof Category>;

export const Order = z.object({
  id: z.string(),
  status: OrderStatus,
  orderDate: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
  type: DrinkType.nullable(),
  sweetness: z.number().nullable(),
  remark: z.string(),
  reject_note: z.string().nullable(),
  tumblerImage: z.string().nullable(),
  user: z.object({ id: z.string(), name: z.string() }),
  menu: z.object({
    id: z.string(),
    name: z.string(),
    category: z.object({ id: z.string(), name: z.string(), categoryFor: Area }),
  }),
  queue_at: z.number().int().nullable(),
});
export type Order = z.infer<typeof Order>;

export const ShopStatus = z.object({ isCafeOpen: z.boolean(), isBarOpen: z.boolean() });
export type ShopStatus = z.infer<typeof ShopStatus>;

export const ShopStatusParam = z.enum(['cafe-open', 'bar-open', 'all-close']);
export type ShopStatusParam = z.infer<typeof ShopStatusParam>;

export const Tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof Tokens>;

/** The shop's state before any ShopStatusChanged event. */
export const DEFAULT_SHOP_STATUS: ShopStatus = { isCafeOpen: true, isBarOpen: false };
