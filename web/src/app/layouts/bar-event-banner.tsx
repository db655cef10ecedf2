import { Alert } from '@mui/material';
import { readStorage, STORAGE_KEYS } from '../../lib/storage.js';

/** The Friday 15:00 bar event banner is switched off for now (§2 screen 6). */
const BAR_EVENT_BANNER_ENABLED = false;

export function BarEventBanner() {
  const visible = readStorage(STORAGE_KEYS.bannerVisible) !== 'false';
  if (!BAR_EVENT_BANNER_ENABLED || !visible) return null;
  return (
    <Alert severity="info" sx={{ borderRadius: 0 }}>
      Bar event every Friday at 15:00.
    </Alert>
  );
}
