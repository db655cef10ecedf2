import { adoptZoneOffsets, businessDay, businessTimeOfDay, type ClientConfig } from '@drinks/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, buildUrl } from './api-client.js';
import { queryKeys } from './query-keys.js';

export const DEFAULT_CONFIG: ClientConfig = {
  companyEmailDomain: 'woxa.tech',
  businessTimeZone: 'Asia/Bangkok',
  officeCheck: false,
};

let clockOffsetMs = 0;

/** Now, by the server's clock when it told us (FAKE_NOW), else the browser's. */
export function serverNow(): Date {
  return serverTimeOf(Date.now());
}

/** What the server's clock read when this browser's read `browserMs` (a fetch's time, say). */
export function serverTimeOf(browserMs: number): Date {
  return new Date(browserMs + clockOffsetMs);
}

/** The server said it was `now` when this browser's clock read `at`. */
function adoptClock(now: string | undefined, at: number): void {
  const t = now === undefined ? Number.NaN : Date.parse(now);
  if (!Number.isNaN(t)) clockOffsetMs = t - at;
}

/** The server's clock and its business zone's offsets, which spare the app an Intl time-zone formatter. */
function adoptConfig(cfg: ClientConfig, at: number): void {
  adoptClock(cfg.now, at);
  if (cfg.businessTimeOffsets) adoptZoneOffsets(cfg.businessTimeZone, cfg.businessTimeOffsets);
}

const CONFIG_PATH = '/config';
/** Whether the page's preloaded answer (index.html's <link rel=preload>) was taken: a page has one. */
let preloadTaken = false;

export async function fetchConfig(): Promise<ClientConfig> {
  const asked = typeof performance === 'undefined' ? 0 : performance.now();
  const cfg = await api<ClientConfig>(CONFIG_PATH);
  adoptConfig(cfg, answeredAt(buildUrl(CONFIG_PATH), asked));
  return cfg;
}

/**
 * When this browser's clock read the answer's arrival: the page preloads the configuration, so the first answer
 * may wait while the scripts download and run, and the time it is read would set the clock behind. Only the
 * preload's timing or one of a request made since `asked` counts: an earlier answer's would set it hours ahead.
 */
function answeredAt(path: string, asked: number): number {
  if (typeof performance === 'undefined' || typeof location === 'undefined') return Date.now();
  const entries = performance.getEntriesByName(new URL(path, location.href).href, 'resource');
  let answer: PerformanceResourceTiming | undefined;
  for (const e of entries as PerformanceResourceTiming[])
    if (e.startTime >= asked || (e.initiatorType === 'link' && !preloadTaken)) answer = e;
  preloadTaken = true;
  return answer && answer.responseStart > 0 ? performance.timeOrigin + answer.responseStart : Date.now();
}

/**
 * The clock of a configuration restored from storage, as it was when fetched: an app opening offline
 * looks up the same day's answers it saved (by the browser's own clock it looked for another day's,
 * and showed no orders, wherever the two clocks disagree across midnight).
 */
export function adoptRestoredClock(client: QueryClient): void {
  const state = client.getQueryState<ClientConfig>(queryKeys.config);
  if (state?.data) adoptConfig(state.data, state.dataUpdatedAt);
}

export const configQuery = queryOptions({ queryKey: queryKeys.config, queryFn: fetchConfig, staleTime: Infinity });

/** Today's business day by the server's clock, once the server's configuration (its zone and clock) is in. */
export async function serverToday(client: QueryClient): Promise<string> {
  const { businessTimeZone } = await client.ensureQueryData(configQuery);
  return businessDay(serverNow(), businessTimeZone);
}

export function useConfig(): ClientConfig {
  const { data } = useQuery(configQuery);
  return data ?? DEFAULT_CONFIG;
}

/** Time of day (HH:mm) of an instant in the business time zone. */
export function formatBusinessTime(iso: string, timeZone: string): string {
  return businessTimeOfDay(new Date(iso), timeZone);
}

/**
 * Time of day of an instant, with its date when it is not on business day `day`: '10:00' or
 * '2 Jun 10:00' (a drink done days ago read as if it were today's).
 */
export function formatBusinessTimeOn(iso: string, day: string, timeZone: string): string {
  const time = formatBusinessTime(iso, timeZone);
  if (businessDay(new Date(iso), timeZone) === day) return time;
  return `${new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' }).format(new Date(iso))} ${time}`;
}
