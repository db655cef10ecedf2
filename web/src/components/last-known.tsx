import HistoryIcon from '@mui/icons-material/History';
import { Typography } from '@mui/material';
import { formatBusinessTimeOn, serverTimeOf, useConfig } from '../lib/config.js';
import { useOnline, useServerReachable } from '../lib/online.js';
import { SESSION_STARTED_AT } from '../lib/query-persistence.js';
import { useToday } from '../lib/use-business-day.js';
import { useNow } from '../lib/use-now.js';

/** How old the last answer is, in words: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function ageText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** "10:42 · 5 min ago" (or "27 Nov 10:42 · 1 day ago"): when an answer was had, by the server's clock. */
export function useAsOf(updatedAt: number): string {
  const { businessTimeZone } = useConfig();
  const today = useToday();
  const now = useNow(30_000);
  // By the server's clock, as every other time on the screen (the browser's may be another day's); with its
  // date when that was another day (kept answers last up to a day).
  const at = serverTimeOf(updatedAt);
  return `${formatBusinessTimeOn(at.toISOString(), today, businessTimeZone)} · ${ageText(now - at.getTime())}`;
}

/**
 * "Last known, as of 10:42 · 5 min ago" (or "27 Nov 10:42 · 1 day ago") beside data that did not come from the server just now: offline, or
 * restored from storage while the fresh answer is still on its way. Nothing when it is current.
 */
export function LastKnown({ updatedAt }: { updatedAt: number }) {
  const online = useOnline();
  const reachable = useServerReachable();
  const asOf = useAsOf(updatedAt);
  if (updatedAt === 0 || (online && reachable && updatedAt >= SESSION_STARTED_AT)) return null;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      data-testid="last-known"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}
    >
      <HistoryIcon fontSize="small" aria-hidden />
      Last known, as of {asOf}
    </Typography>
  );
}
