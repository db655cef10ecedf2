import { Button, Snackbar, SnackbarContent } from '@mui/material';
import { useRegisterSW } from 'virtual:pwa-register/react';

const UPDATE_CHECK_MS = 30 * 60_000;

/** Registers the service worker; a new version waits until the person taps Reload. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // A phone keeps the app open for days: look for a new version now and then.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    onRegisterError: (err) => console.warn('service worker registration failed', err),
  });
  return (
    <Snackbar open={needRefresh} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} sx={{ bottom: 88 }}>
      <SnackbarContent
        message="Update available"
        data-testid="update-available"
        action={
          <Button color="inherit" size="small" onClick={() => void updateServiceWorker(true)}>
            Reload
          </Button>
        }
      />
    </Snackbar>
  );
}
