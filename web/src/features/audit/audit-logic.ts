import { addDays } from '@drinks/contracts';

export interface AuditFilters {
  type: string;
  actor: string;
  /** yyyy-mm-dd, inclusive; '' for open. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { type: '', actor: '', from: '', to: '' };

/** The GET /audit query: the 'to' day is inclusive for people, exclusive for the API. */
export function auditQuery(f: AuditFilters, limit: number, before?: number): Record<string, string | undefined> {
  return {
    type: f.type || undefined,
    actor: f.actor || undefined,
    startDate: f.from || undefined,
    endDate: f.to ? addDays(f.to, 1) : undefined,
    limit: String(limit),
    before: before === undefined ? undefined : String(before),
  };
}

/** 'OrderPickedUp' → 'Order picked up'. */
export function typeLabel(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words[0]!.toUpperCase() + words.slice(1);
}

/** 'order:abc' → 'Order abc'; 'shop' → 'Shop'. */
export function entityLabel(entity: string): string {
  const [kind = '', id] = entity.split(':');
  const k = kind[0]?.toUpperCase() + kind.slice(1);
  return id ? `${k} ${id.length > 10 ? `${id.slice(0, 8)}…` : id}` : k;
}
