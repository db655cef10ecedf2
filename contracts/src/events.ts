import { z } from 'zod';
import { ActiveState, Area, Availability, DrinkType, type OrderStatus, Role } from './shapes.js';

// Events are past tense and name the entity they are about. Each `type`
// equals its schema's name. Version 1 unless an upcaster says otherwise.

export const UserRegistered = z.object({
  type: z.literal('UserRegistered'),
  /** `verificationRequired` is absent on accounts registered before mailboxes were verified: those count as verified. */
  data: z.object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    role: Role,
    verificationRequired: z.boolean().optional(),
    /** The address's key when it is not mailboxKey(email): under the contract rules user+x@ is its own. */
    mailbox: z.string().optional(),
  }),
});
/** The owner opened the link mailed to the address: the account may order (and ADMIN_EMAILS apply). */
export const UserEmailVerified = z.object({
  type: z.literal('UserEmailVerified'),
  data: z.object({ userId: z.string() }),
});
/** `via`: `reset` by a mailed link, `change` signed in with the current password. The hash lives in credentials. */
export const PasswordChanged = z.object({
  type: z.literal('PasswordChanged'),
  data: z.object({ userId: z.string(), via: z.enum(['reset', 'change']) }),
});
export const UserRenamed = z.object({
  type: z.literal('UserRenamed'),
  data: z.object({ userId: z.string(), name: z.string() }),
});
export const UserRoleChanged = z.object({
  type: z.literal('UserRoleChanged'),
  data: z.object({ userId: z.string(), role: Role }),
});
export const UserAvailabilityChanged = z.object({
  type: z.literal('UserAvailabilityChanged'),
  data: z.object({ userId: z.string(), isAvailable: z.boolean() }),
});

export const ShopStatusChanged = z.object({
  type: z.literal('ShopStatusChanged'),
  data: z.object({ isCafeOpen: z.boolean(), isBarOpen: z.boolean() }),
});

export const CategoryCreated = z.object({
  type: z.literal('CategoryCreated'),
  data: z.object({ categoryId: z.string(), name: z.string(), categoryFor: Area }),
});
export const CategoryChanged = z.object({
  type: z.literal('CategoryChanged'),
  data: z.object({
    categoryId: z.string(),
    name: z.string().optional(),
    categoryFor: Area.optional(),
    isAvailable: Availability.optional(),
  }),
});
export const MenuCreated = z.object({
  type: z.literal('MenuCreated'),
  data: z.object({ menuId: z.string(), name: z.string(), description: z.string(), categoryId: z.string() }),
});
export const MenuChanged = z.object({
  type: z.literal('MenuChanged'),
  data: z.object({
    menuId: z.string(),
    name: z.string().optional(),
    description: z.string().optional(),
    categoryId: z.string().optional(),
    isAvailable: Availability.optional(),
  }),
});
export const MenuActivityChanged = z.object({
  type: z.literal('MenuActivityChanged'),
  data: z.object({ menuId: z.string(), isActive: ActiveState }),
});

export const OrderPlaced = z.object({
  type: z.literal('OrderPlaced'),
  data: z.object({
    orderId: z.string(),
    userId: z.string(),
    userName: z.string(),
    menuId: z.string(),
    menuName: z.string(),
    categoryId: z.string(),
    categoryName: z.string(),
    categoryFor: Area,
    type: DrinkType.nullable(),
    sweetness: z.number().nullable(),
    remark: z.string(),
    tumblerImage: z.string().nullable(),
    businessDay: z.string(),
  }),
});
const OrderRef = { orderId: z.string(), userId: z.string(), businessDay: z.string(), by: z.string() };
export const OrderStarted = z.object({ type: z.literal('OrderStarted'), data: z.object(OrderRef) });
export const OrderCompleted = z.object({ type: z.literal('OrderCompleted'), data: z.object(OrderRef) });
export const OrderRejected = z.object({
  type: z.literal('OrderRejected'),
  data: z.object({ ...OrderRef, reason: z.string() }),
});
export const OrderCancelled = z.object({ type: z.literal('OrderCancelled'), data: z.object(OrderRef) });
/** `by` is the owner, or the staff member who handed the drink over. */
export const OrderPickedUp = z.object({ type: z.literal('OrderPickedUp'), data: z.object(OrderRef) });
/** A done or rejected order brought back by staff within the recall window; `to` is where it returns. */
export const OrderRecalled = z.object({
  type: z.literal('OrderRecalled'),
  data: z.object({
    ...OrderRef,
    from: z.enum(['done', 'rejected']),
    to: z.enum(['ordered', 'in-progress']),
  }),
});

export const DomainEvent = z.discriminatedUnion('type', [
  UserRegistered,
  UserRenamed,
  UserRoleChanged,
  UserAvailabilityChanged,
  UserEmailVerified,
  PasswordChanged,
  ShopStatusChanged,
  CategoryCreated,
  CategoryChanged,
  MenuCreated,
  MenuChanged,
  MenuActivityChanged,
  OrderPlaced,
  OrderStarted,
  OrderCompleted,
  OrderRejected,
  OrderCancelled,
  OrderPickedUp,
  OrderRecalled,
]);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
export const EVENT_TYPES = DomainEvent.options.map((o) => o.shape.type.value) as EventType[];

export const ORDER_EVENT_TYPES = [
  'OrderPlaced',
  'OrderStarted',
  'OrderCompleted',
  'OrderRejected',
  'OrderCancelled',
  'OrderPickedUp',
  'OrderRecalled',
] as const satisfies readonly EventType[];

export const EventMetadata = z.object({
  actor: z.string().optional(),
  correlationId: z.string().optional(),
  causationId: z.string().optional(),
  idempotencyKey: z.string().optional(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** An event as the log stores and publishes it. */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E & {
  position: number;
  id: string;
  tags: string[];
  metadata: EventMetadata;
  occurredAt: string;
  schemaVersion: number;
};

/** An event about to be appended. */
export type NewEvent<E extends DomainEvent = DomainEvent> = E & { tags: string[] };

export const tag = {
  order: (id: string) => `order:${id}`,
  user: (id: string) => `user:${id}`,
  day: (d: string) => `day:${d}`,
  menu: (id: string) => `menu:${id}`,
  category: (id: string) => `category:${id}`,
  shop: 'shop',
} as const;

/**
 * Which status an order has after each of its events: the one mapping the decider's state, the orders
 * projection and everything reading them share. Null for an event that does not move an order.
 */
export function orderStatusAfter(event: DomainEvent): OrderStatus | null {
  switch (event.type) {
    case 'OrderPlaced':
      return 'ordered';
    case 'OrderStarted':
      return 'in-progress';
    case 'OrderCompleted':
      return 'done';
    case 'OrderRejected':
      return 'rejected';
    case 'OrderCancelled':
      return 'cancel';
    case 'OrderPickedUp':
      return 'picked';
    case 'OrderRecalled':
      return event.data.to;
    default:
      return null;
  }
}
