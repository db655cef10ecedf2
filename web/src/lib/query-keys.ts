import type { Area, OrderStatus } from '@drinks/contracts';

type Day = string | null;

/**
 * Every react-query key of the app, in one place: a screen reads with one of these and a change
 * invalidates by its prefix (`queryKeys.orders.all` refreshes every list of orders), so the two
 * cannot drift apart. The first element also decides what is kept for offline use (query-persistence.ts).
 */
export const queryKeys = {
  config: ['config'] as const,
  shop: ['shop'] as const,
  users: {
    all: ['users'] as const,
    auditActors: ['users', 'audit-actors'] as const,
  },
  orders: {
    all: ['orders'] as const,
    board: (status: OrderStatus, start: Day = null, end: Day = null) =>
      ['orders', 'board', status, start, end] as const,
    history: (start: Day, end: Day) => ['orders', 'history', start, end] as const,
    /** The caller's own lists, of any day. */
    allMine: ['orders', 'mine'] as const,
    mine: (day: string) => ['orders', 'mine', day] as const,
    /** The caller's count of the business day `day`: a new day is a new count, not the last one shown. */
    count: (day: string) => ['orders', 'count', day] as const,
    range: (start: Day, end: Day) => ['orders', 'range', start, end] as const,
    timeline: (orderId: string) => ['orders', orderId, 'timeline'] as const,
    estimate: (orderId: string, queueAt: number | null | undefined, status: OrderStatus) =>
      ['orders', orderId, 'estimate', queueAt, status] as const,
  },
  stats: {
    all: ['stats'] as const,
    popularMenu: (area: Area, start: Day, end: Day) => ['stats', 'popular-menu', area, start, end] as const,
    summary: (date: string) => ['stats', 'summary', date] as const,
    total: (area: Area, start: Day, end: Day) => ['stats', 'total', area, start, end] as const,
    service: (filter: unknown) => ['stats', 'service', filter] as const,
  },
  catalog: {
    all: ['catalog'] as const,
    categories: ['catalog', 'categories'] as const,
    category: (id: string) => ['catalog', 'category', id] as const,
    alternatives: (orderId: string) => ['catalog', 'alternatives', orderId] as const,
  },
  audit: (filters: unknown) => ['audit', filters] as const,
  pickupScreen: {
    ready: (key: string | null) => ['pickup-screen', 'ready', key] as const,
    keys: ['pickup-screen', 'keys'] as const,
  },
};
