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
  return <UpdateSnackbar onReload={() => reloadInto(updateServiceWorker)} />;
}

/**
 * Lets the waiting worker take over and reloads once it controls the page. vite-plugin-pwa reloads by itself
 * only for an update found while the page loaded: one found later (the half-hourly check, a long-open phone)
 * is 'external' to it, and Reload did nothing.
 */
function reloadInto(activate: (reload: boolean) => Promise<void>): void {
  let reloaded = false;
  const reload = () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  };
  navigator.serviceWorker?.addEventListener('controllerchange', reload, { once: true });
  void activate(true);
  // Should the worker never take control (it failed to activate), the page still loads what is there.
  setTimeout(reload, RELOAD_FALLBACK_MS);
}

const RELOAD_FALLBACK_MS = 3000;
