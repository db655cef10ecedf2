import type { Area, DomainEvent, OrderStatus } from '@drinks/contracts';

// Events shared by the domain specs.
export const TZ = 'Asia/Bangkok';
export const WEDNESDAY_NOON = new Date('2025-01-15T05:00:00Z'); // 12:00 Bangkok
export const TODAY = '2025-01-15';

export const alice = { id: 'u-alice', role: 'user' } as const;
export const bob = { id: 'u-bob', role: 'user' } as const;
export const barista = { id: 'u-barista', role: 'barista' } as const;

export function registered(userId: string, name = userId): DomainEvent {
  return { type: 'UserRegistered', data: { userId, email: `${userId}@corp.test`, name, role: 'user' } };
}

export function category(categoryId: string, categoryFor: Area, name = 'Coffee'): DomainEvent {
  return { type: 'CategoryCreated', data: { categoryId, name, categoryFor } };
}

export function menu(menuId: string, categoryId: string, name = 'Latte'): DomainEvent {
  return { type: 'MenuCreated', data: { menuId, name, description: '-', categoryId } };
}

export function shop(isCafeOpen: boolean, isBarOpen: boolean): DomainEvent {
  return { type: 'ShopStatusChanged', data: { isCafeOpen, isBarOpen } };
}

export function placed(orderId: string, userId: string, businessDay = TODAY, categoryFor: Area = 'cafe'): DomainEvent {
  return {
    type: 'OrderPlaced',
    data: {
      orderId,
      userId,
      userName: userId,
      menuId: 'm-latte',
      menuName: 'Latte',
      categoryId: 'c-coffee',
      categoryName: 'Coffee',
      categoryFor,
      type: 'hot',
      sweetness: 50,
      remark: '-',
      tumblerImage: '/api/images/a.webp',
      businessDay,
    },
  };
}

const STEP = {
  'in-progress': ['OrderStarted'],
  done: ['OrderStarted', 'OrderCompleted'],
  picked: ['OrderStarted', 'OrderCompleted', 'OrderPickedUp'],
  cancel: ['OrderCancelled'],
  rejected: ['OrderRejected'],
  ordered: [],
} as const;

/** The events that bring an order placed by `userId` to `status`. */
export function orderIn(status: OrderStatus, orderId = 'o-1', userId = alice.id, businessDay = TODAY): DomainEvent[] {
  const ref = { orderId, userId, businessDay, by: barista.id };
  return [
    placed(orderId, userId, businessDay),
    ...STEP[status].map((type): DomainEvent =>
      type === 'OrderRejected' ? { type, data: { ...ref, reason: 'Machine Failure' } } : { type, data: ref },
    ),
  ];
}
