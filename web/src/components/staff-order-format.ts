import type { Order, OrderStatus } from '@drinks/contracts';

/** The statuses as staff screens name them (staff-side.md §4). */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  ordered: 'Waiting',
  'in-progress': 'In Progress',
  done: 'Done',
  picked: 'Picked Up',
  rejected: 'Rejected',
  cancel: 'Cancelled',
};

const TYPE_LABELS: Record<string, string> = { hot: 'Hot', cold: 'Cold', frappe: 'Frappe' };

export function typeLabel(type: Order['type']): string {
  return type ? (TYPE_LABELS[type] ?? type) : '-';
}

export function isCafeOrder(order: Order): boolean {
  return order.menu.category.categoryFor === 'cafe';
}

export function sweetnessLabel(order: Order): string | null {
  return isCafeOrder(order) && order.sweetness !== null ? `${order.sweetness}%` : null;
}

export function formatDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
