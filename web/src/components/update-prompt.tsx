import { useRegisterSW } from 'virtual:pwa-register/react';
import { lazyComponent } from '../lib/lazy-component.js';

const UpdateSnackbar = lazyComponent(async () => (await import('./update-snackbar.js')).default);

const UPDATE_CHECK_MS = 30 * 60_000;

/** Registers the service worker; a new version waits until the person taps Reload. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // After the page's load event: the worker's precache download does not compete with the first screen.
    immediate: false,
    onRegisteredSW(_url, registration) {
      // A phone keeps the app open for days: look for a new version now and then.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    onRegisterError: (err) => console.warn('service worker registration failed', err),
  });
  if (!needRefresh) return null;
  return <UpdateSnackbar onReload={() => void updateServiceWorker(true)} />;
}
