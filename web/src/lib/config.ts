import type { ClientConfig } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.js';
import { queryKeys } from './query-keys.js';

export const DEFAULT_CONFIG: ClientConfig = {
  companyEmailDomain: 'woxa.tech',
  businessTimeZone: 'Asia/Bangkok',
  officeCheck: false,
};

let clockOffsetMs = 0;

/** Now, by the server's clock when it told us (FAKE_NOW), else the browser's. */
export function serverNow(): Date {
  return new Date(Date.now() + clockOffsetMs);
}

export async function fetchConfig(): Promise<ClientConfig> {
  const cfg = await api<ClientConfig>('/config');
  if (cfg.now) {
    const t = Date.parse(cfg.now);
    if (!Number.isNaN(t)) clockOffsetMs = t - Date.now();
  }
  return cfg;
}

export const configQuery = queryOptions({ queryKey: queryKeys.config, queryFn: fetchConfig, staleTime: Infinity });

export function useConfig(): ClientConfig {
  const { data } = useQuery(configQuery);
  return data ?? DEFAULT_CONFIG;
}

// Building a formatter costs far more than using one, and the board formats every ticket's time.
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** Time of day (HH:mm) of an instant in the business time zone. */
export function formatBusinessTime(iso: string, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}
